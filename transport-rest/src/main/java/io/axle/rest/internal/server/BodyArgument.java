package io.axle.rest.internal.server;

import io.axle.rest.internal.ParamBinding;
import io.axle.rest.internal.RestJson;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;

/** The whole JSON body as one argument ({@code @RequestBody}). */
final class BodyArgument implements ArgumentReader {
  private final RestJson json;
  private final String operation;
  private final JavaType type;
  private final boolean required;
  private final boolean optional;

  BodyArgument(RestJson json, String operation, ParamBinding binding) {
    this.json = json;
    this.operation = operation;
    this.type = json.type(binding.type());
    this.required = binding.required();
    this.optional = binding.optional();
  }

  @Override
  public Object read(RequestView request, byte[] body, JsonNode fields) {
    Object value;
    if (body.length == 0) {
      if (required) {
        throw BadRequests.badRequest(operation + ": the request body is missing (expected: "
            + Expectations.of(type.getRawClass()) + ")");
      }
      value = null;
    } else {
      try {
        value = json.read(body, type);
      } catch (JacksonException e) {
        throw BadRequests.badJson(json, operation, "", e, () -> json.tree(body));
      }
      if (value == null && required) {
        // A JSON null is no body either: passing it on would end in the method's NullPointerException.
        throw BadRequests.badRequest(operation + ": the request body is null (expected: "
            + Expectations.of(type.getRawClass()) + ")");
      }
    }
    return optional ? Optional.ofNullable(value) : value;
  }
}
