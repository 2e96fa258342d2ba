package io.axle.rest.internal;

import io.axle.AxleException;
import io.axle.Status;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The JSON error body: {@code {"status":503,"error":"OVERLOADED","message":"..."}}. The
 * {@code error} name lets a consumer rebuild the exact {@link Status}, so REST and highway
 * report the same failure with the same status and message.
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

  public static byte[] encode(RestJson json, Status status, String message) {
    return json.write(body(status, message));
  }

  /**
   * The error a consumer raises for a non-2xx answer: from an Axle error body when there is one,
   * else from the HTTP status alone (a proxy or another server answered).
   */
  public static AxleException decode(RestJson json, int httpStatus, byte[] body, String operation) {
    try {
      JsonNode node = json.tree(body);
      JsonNode error = node.get("error");
      JsonNode message = node.get("message");
      if (error != null && message != null) {
        Status status = statusNamed(error.asString());
        if (status != null && status != Status.OK && !status.isLocal()) {
          return new AxleException(status, message.asString());
        }
      }
    } catch (RuntimeException notJson) {
      // Fall through: not an Axle error body.
    }
    String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
    return new AxleException(fromHttp(httpStatus), operation + " failed with HTTP " + httpStatus
        + (text.isBlank() ? "" : ": " + (text.length() > 200 ? text.substring(0, 200) + "..." : text)));
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
      case 503 -> Status.OVERLOADED;
      case 504 -> Status.DEADLINE_EXCEEDED;
      default -> Status.INTERNAL_ERROR;
    };
  }
}
