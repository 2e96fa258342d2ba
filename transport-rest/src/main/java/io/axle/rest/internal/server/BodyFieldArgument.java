package io.axle.rest.internal.server;

import io.axle.rest.internal.ParamBinding;
import io.axle.rest.internal.RestJson;
import java.lang.reflect.Array;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;

/**
 * One named field of an RPC-style body ({@code {"a":40,"b":2}}). A missing field is null, or
 * the zero of a primitive, so a consumer may leave out what it has no value for.
 */
final class BodyFieldArgument implements ArgumentReader {
  private final RestJson json;
  private final String operation;
  private final String name;
  private final JavaType type;
  private final boolean optional;
  private final Object missing;

  BodyFieldArgument(RestJson json, String operation, ParamBinding binding) {
    this.json = json;
    this.operation = operation;
    this.name = binding.name();
    this.type = json.type(binding.type());
    this.optional = binding.optional();
    Class<?> raw = type.getRawClass();
    Object zero = raw.isPrimitive() && raw != void.class ? Array.get(Array.newInstance(raw, 1), 0) : null;
    this.missing = optional ? Optional.empty() : zero;
  }

  /** The argument when the body leaves the field out: null, a primitive's zero, or an empty Optional. */
  Object absent() {
    return missing;
  }

  @Override
  public Object read(RequestView request, byte[] body, JsonNode fields) {
    JsonNode node = fields == null ? null : fields.get(name);
    if (node == null || node.isMissingNode()) {
      return missing;
    }
    Object value;
    try {
      value = json.convert(node, type);
    } catch (JacksonException e) {
      throw BadRequests.badJson(json, operation, "body field " + name, e, () -> node);
    }
    return optional ? Optional.ofNullable(value) : value;
  }
}
