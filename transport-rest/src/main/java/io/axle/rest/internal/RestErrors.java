package io.axle.rest.internal;

import io.axle.AxleException;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.types.DeclaredError;
import io.axle.types.DeclaredErrors;
import io.axle.types.Property;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The JSON error body: {@code {"status":503,"error":"OVERLOADED","message":"...","notRun":true}}. The
 * {@code error} name lets a consumer rebuild the exact {@link Status}, so REST and highway
 * report the same failure with the same status and message; {@code notRun}, present only when
 * true, marks a refusal before the method ran ({@link AxleException#notRun}).
 */
public final class RestErrors {
  private RestErrors() {
  }

  public static Map<String, Object> body(Status status, String message) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", status.httpCode());
    body.put("error", status.name());
    body.put("message", message == null ? "" : message);
    return body;
  }

  /**
   * The body for a failed call: for a declared error also {@code "type"} (the exception's simple
   * name) and {@code "details"} (its fields by name), which a consumer rebuilds it from.
   */
  public static Map<String, Object> body(AxleException error) {
    Map<String, Object> body = body(error.status(), error.getMessage());
    if (error.status() == Status.APPLICATION_ERROR && error.errorType() != null) {
      body.put("type", error.errorType());
      body.put("details", error.details());
    }
    if (error.isNotRun()) {
      body.put("notRun", true);
    }
    return body;
  }

  public static byte[] encode(RestJson json, Status status, String message) {
    return json.write(body(status, message));
  }

  /**
   * The error a consumer raises for a non-2xx answer: from an Axle error body when there is one,
   * else from the HTTP status alone (a proxy or another server answered).
   */
  public static AxleException decode(RestJson json, int httpStatus, byte[] body, OperationMeta meta) {
    String operation = meta.qualifiedName();
    try {
      JsonNode node = json.tree(body);
      JsonNode error = node.get("error");
      JsonNode message = node.get("message");
      if (error != null && message != null) {
        Status status = statusNamed(error.asString());
        if (status == Status.APPLICATION_ERROR) {
          return declared(json, meta, message.asString(), node);
        }
        if (status != null && status != Status.OK && !status.isLocal()) {
          JsonNode notRun = node.get("notRun");
          return notRun != null && notRun.asBoolean(false) ? AxleException.notRun(status, message.asString())
              : new AxleException(status, message.asString());
        }
      }
    } catch (RuntimeException notJson) {
      // Fall through: not an Axle error body.
    }
    String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
    return new AxleException(fromHttp(httpStatus), operation + " failed with HTTP " + httpStatus
        + (text.isBlank() ? "" : ": " + (text.length() > 200 ? text.substring(0, 200) + "..." : text)));
  }

  /**
   * A declared error: rebuilt as its exception when this side declares the type, else its name and
   * details as JSON values (maps, lists, strings, numbers).
   */
  private static AxleException declared(RestJson json, OperationMeta meta, String message, JsonNode node) {
    JsonNode typeNode = node.get("type");
    String name = typeNode == null || !typeNode.isString() ? null : typeNode.asString();
    JsonNode detailsNode = node.get("details");
    DeclaredError type = name == null ? null : DeclaredErrors.of(meta).named(name);
    Map<String, Object> details = new LinkedHashMap<>();
    if (type == null) {
      if (detailsNode != null && detailsNode.isObject()) {
        for (Map.Entry<String, JsonNode> field : detailsNode.properties()) {
          details.put(field.getKey(), json.convert(field.getValue(), Object.class));
        }
      }
      return DeclaredErrors.received(message, name, details, null);
    }
    List<Property> properties = type.properties();
    Object[] values = new Object[properties.size()];
    for (int i = 0; i < values.length; i++) {
      JsonNode value = detailsNode == null ? null : detailsNode.get(properties.get(i).name());
      values[i] = value == null || value.isNull() ? null : json.convert(value, properties.get(i).type().type());
    }
    return type.received(message, values);
  }

  private static Status statusNamed(String name) {
    try {
      return Status.valueOf(name);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  static Status fromHttp(int code) {
    return switch (code) {
      case 400, 405, 413, 415 -> Status.BAD_REQUEST;
      case 404 -> Status.NOT_FOUND;
      case 422 -> Status.APPLICATION_ERROR;
      case 503 -> Status.OVERLOADED;
      case 504 -> Status.DEADLINE_EXCEEDED;
      default -> Status.INTERNAL_ERROR;
    };
  }
}
