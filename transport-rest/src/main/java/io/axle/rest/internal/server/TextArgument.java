package io.axle.rest.internal.server;

import io.axle.rest.internal.ParamBinding;
import io.axle.rest.internal.ParamSource;
import io.axle.rest.internal.RestJson;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;

/** A path variable, query parameter or header, converted from its text by {@link RestJson#fromText}. */
final class TextArgument implements ArgumentReader {
  private final RestJson json;
  private final String operation;
  private final ParamSource source;
  private final String wireName;
  private final String label;
  private final JavaType type;
  private final boolean plainString;
  private final boolean multiValued;
  private final boolean required;
  private final boolean optional;
  private final String defaultText;
  private final Object sharedDefault;
  private final String expected;

  /**
   * @param wireName the name to look the value up by: the router's parameter name for a path
   *     variable, else the binding's name
   */
  TextArgument(RestJson json, String operation, ParamBinding binding, String wireName) {
    this.json = json;
    this.operation = operation;
    this.source = binding.source();
    this.wireName = wireName;
    this.label = switch (binding.source()) {
      case PATH -> "path variable " + binding.name();
      case QUERY -> "query parameter " + binding.name();
      case HEADER -> "header " + binding.name();
      default -> throw new IllegalArgumentException(binding.source() + " is not carried as text");
    };
    this.type = json.type(binding.type());
    this.plainString = type.getRawClass() == String.class;
    this.multiValued = type.isCollectionLikeType() || (type.isArrayType() && type.getRawClass() != byte[].class);
    this.required = binding.required();
    this.optional = binding.optional();
    this.expected = Expectations.ofText(type);
    this.defaultText = binding.defaultValue();
    // A bad default is the schema's mistake: fail start-up rather than every request without the value.
    Object converted = defaultText == null ? null : convertDefault(true);
    // A collection default is converted per request, so no call can change another's.
    this.sharedDefault = multiValued ? null : converted;
  }

  @Override
  public Object read(RequestView request, byte[] body, JsonNode fields) {
    List<String> values = values(request);
    Object value;
    if (values.isEmpty()) {
      value = absent();
    } else if (plainString && !multiValued) {
      value = values.get(0);
    } else {
      try {
        value = json.fromText(values, type);
      } catch (RuntimeException e) {
        throw BadRequests.badText(json, operation, label, values, e, expected);
      }
    }
    return optional ? Optional.ofNullable(value) : value;
  }

  private List<String> values(RequestView request) {
    switch (source) {
      case PATH:
        String segment = request.pathParam(wireName);
        return segment == null ? List.of() : List.of(segment);
      case QUERY:
        try {
          return request.queryParam(wireName);
        } catch (IllegalArgumentException e) {
          throw BadRequests.badRequest(operation + ": malformed query string: " + e.getMessage()
              + " (expected: name=value pairs, percent-encoded)");
        }
      default:
        return request.headers(wireName);
    }
  }

  private Object absent() {
    if (defaultText != null) {
      return multiValued ? convertDefault(false) : sharedDefault;
    }
    if (required || type.isPrimitive()) {
      throw BadRequests.badRequest(operation + ": missing " + label + " (expected: " + expected
          + (required ? "" : "; the parameter is a primitive, so it cannot be absent") + ")");
    }
    return null;
  }

  /** As Spring MVC does, a collection's default is split at commas. */
  private Object convertDefault(boolean atStartUp) {
    List<String> values = multiValued ? Arrays.asList(defaultText.split(",")) : List.of(defaultText);
    try {
      return plainString && !multiValued ? defaultText : json.fromText(values, type);
    } catch (RuntimeException e) {
      if (atStartUp) {
        throw new IllegalArgumentException(operation + ": defaultValue \"" + defaultText + "\" of " + label
            + " does not convert (expected: " + expected + ")", e);
      }
      throw e;
    }
  }
}
