package io.axle.rest.internal.server;

import io.axle.AxleException;
import io.axle.Status;
import io.axle.rest.internal.RestJson;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;
import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.InvalidDefinitionException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;

/**
 * Turns what Jackson says about a request into a message a client can act on: the operation, the
 * parameter or body field (with its path inside the body), the value sent and what was expected.
 */
final class BadRequests {
  private static final int MAX_VALUE_CHARS = 80;

  private BadRequests() {
  }

  static AxleException badRequest(String message) {
    return new AxleException(Status.BAD_REQUEST, message);
  }

  /** A path, query or header value that does not convert: {@code Api.op: query parameter b: "x" (expected: an int)}. */
  static AxleException badText(RestJson json, String operation, String what, List<String> values,
      RuntimeException error, String expected) {
    Object value = error instanceof InvalidFormatException f && f.getValue() != null ? f.getValue()
        : values.size() == 1 ? values.get(0) : values;
    return badRequest(operation + ": " + what + ": " + render(json, value) + " (expected: " + expected + ")");
  }

  /**
   * A JSON body that does not read. {@code root} names the place the failing document sits
   * ({@code body field a} for an RPC-style argument, empty for a whole body); {@code tree}
   * returns that document as a tree, to quote the offending value (only called on this error path).
   */
  static AxleException badJson(RestJson json, String operation, String root, JacksonException error,
      Supplier<JsonNode> tree) {
    if (error instanceof InvalidDefinitionException) {
      // The type itself cannot be read from JSON: the provider's fault, not the client's.
      return new AxleException(Status.INTERNAL_ERROR, operation + ": " + error.getOriginalMessage(), error);
    }
    if (!(error instanceof DatabindException)) {
      TokenStreamLocation at = error.getLocation();
      return badRequest(operation + ": malformed JSON in the request body"
          + (at == null || at.getLineNr() < 0 ? "" : " at line " + at.getLineNr() + ", column " + at.getColumnNr())
          + ": " + error.getOriginalMessage());
    }
    String path = path(error.getPath());
    String where = root.isEmpty() ? (path.isEmpty() ? "request body" : "body field " + path)
        : root + (path.isEmpty() || path.startsWith("[") ? path : "." + path);
    if (error instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
      Object value = error instanceof InvalidFormatException f ? f.getValue() : valueAt(tree, error.getPath());
      return badRequest(operation + ": " + where + ": " + (value == null ? "" : render(json, value) + " ")
          + "(expected: " + Expectations.of(mismatch.getTargetType()) + ")");
    }
    return badRequest(operation + ": " + where + ": " + error.getOriginalMessage());
  }

  /** {@code child.tags[1]}, from Jackson's reference chain. */
  static String path(List<JacksonException.Reference> references) {
    StringBuilder path = new StringBuilder();
    for (JacksonException.Reference ref : references) {
      if (ref.getPropertyName() != null) {
        path.append(path.isEmpty() ? "" : ".").append(ref.getPropertyName());
      } else if (ref.getIndex() >= 0) {
        path.append('[').append(ref.getIndex()).append(']');
      }
    }
    return path.toString();
  }

  private static Object valueAt(Supplier<JsonNode> tree, List<JacksonException.Reference> path) {
    try {
      JsonNode node = tree.get();
      for (JacksonException.Reference ref : path) {
        if (node == null) {
          return null;
        }
        node = ref.getPropertyName() != null ? node.get(ref.getPropertyName())
            : ref.getIndex() >= 0 ? node.get(ref.getIndex()) : null;
      }
      return node;
    } catch (RuntimeException unreadable) {
      return null;
    }
  }

  /** A value as the client wrote it, JSON-quoted for text, cut short when long. */
  static String render(RestJson json, Object value) {
    String text;
    if (value instanceof JsonNode node) {
      text = node.toString();
    } else if (value instanceof String || value instanceof List<?>) {
      text = new String(json.write(value), StandardCharsets.UTF_8);
    } else {
      text = String.valueOf(value);
    }
    return text.length() > MAX_VALUE_CHARS ? text.substring(0, MAX_VALUE_CHARS) + "..." : text;
  }
}
