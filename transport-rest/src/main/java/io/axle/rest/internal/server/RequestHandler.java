package io.axle.rest.internal.server;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.rest.internal.RestErrors;
import io.axle.rest.internal.RestHeaders;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestTransport;
import io.axle.transport.Attempt;
import io.axle.transport.ProviderOperation;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.RoutingContext;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * Serves one operation on one event loop, behind the router or {@link DirectRoutes}: reads the
 * arguments and the Axle headers, dispatches to the operation's executor and answers with the
 * result as JSON, from whatever thread ends the call.
 */
final class RequestHandler implements Handler<RoutingContext> {
  private static final Buffer NULL_JSON = Buffer.buffer("null");
  private static final Buffer NO_CONTENT = Buffer.buffer();
  /** Past this a timeout header means no deadline at all, and the nanosecond sum cannot overflow. */
  private static final long MAX_TIMEOUT_MS = TimeUnit.DAYS.toMillis(365);

  private final OperationRoute route;
  private final RestJson json;
  private final ResponseWriter writer;
  private final String name;
  private final boolean isVoid;

  RequestHandler(OperationRoute route, RestJson json, ResponseWriter writer) {
    this.route = route;
    this.json = json;
    this.writer = writer;
    this.name = route.rest().operation().qualifiedName();
    Type result = route.rest().operation().resultType();
    this.isVoid = result == void.class || result == Void.class;
  }

  @Override
  public void handle(RoutingContext ctx) {
    serve(RequestView.routed(ctx), ctx.body().buffer());
  }

  /**
   * Serves a request whose body has been read in full; what the router and {@link DirectRoutes}
   * both end in.
   *
   * @param body the whole request body, null or empty when there is none
   */
  void serve(RequestView view, Buffer body) {
    long received = System.nanoTime();
    Reply reply = view.reply();
    Object[] args;
    String timeout;
    long timeoutMs;
    Map<String, String> entries;
    try {
      args = route.readArguments(view, body);
      timeout = view.header(RestHeaders.TIMEOUT);
      String context = view.header(RestHeaders.CONTEXT);
      timeoutMs = timeout == null ? -1 : timeoutMillis(timeout);
      entries = traceContext(view, context == null ? null : contextEntries(context));
    } catch (AxleException e) {
      // Counted and logged as a failed call of the operation, though it never reached it.
      route.provider().rejected(received, RestTransport.NAME, view.caller(), e);
      writer.writeError(reply, e.status().httpCode(), e.status(), e.getMessage());
      return;
    }
    long timeoutNanos = timeout != null && timeoutMs <= MAX_TIMEOUT_MS ? TimeUnit.MILLISECONDS.toNanos(Math.max(0, timeoutMs))
        : ProviderOperation.NO_DEADLINE;
    route.provider().serve(args, received, timeoutNanos, entries, RestTransport.NAME, view.caller(),
        (invocation, answer) -> respond(reply, invocation, answer));
  }

  /** Encodes the answer on the thread that finished the call; the writer sends it on the loop. */
  private void respond(Reply reply, Attempt invocation, Response answer) {
    int code;
    Buffer body;
    Response sent = answer;
    if (answer.isOk() && isVoid) {
      // 204 and no body: what OpenAPI generators turn into a void method (docs/rest.md).
      code = Reply.NO_CONTENT;
      body = NO_CONTENT;
    } else if (answer.isOk()) {
      Object result = answer.result();
      try {
        body = result == null ? NULL_JSON : Buffer.buffer(json.write(result));
        code = 200;
      } catch (RuntimeException e) {
        sent = Response.failure(Status.INTERNAL_ERROR,
            name + ": the result could not be written as JSON: " + e.getMessage());
        code = Status.INTERNAL_ERROR.httpCode();
        body = ResponseWriter.errorBody(json, code, Status.INTERNAL_ERROR, sent.error().getMessage());
      }
    } else {
      Status status = answer.status();
      code = status.httpCode();
      Map<String, Object> error = RestErrors.body(answer.error());
      try {
        body = Buffer.buffer(json.write(error));
      } catch (RuntimeException e) {
        // A declared error whose fields do not write as JSON still reaches the caller, without them.
        body = ResponseWriter.errorBody(json, code, status, answer.error().getMessage());
      }
    }
    invocation.mark(Stage.PROVIDER_ENCODED);
    writer.write(reply, code, body, invocation, sent);
  }

  private long timeoutMillis(String header) {
    try {
      return Long.parseLong(header.trim());
    } catch (NumberFormatException e) {
      throw BadRequests.badRequest(name + ": header " + RestHeaders.TIMEOUT + ": " + BadRequests.render(json, header)
          + " (expected: the milliseconds left before the caller's deadline, a whole number)");
    }
  }

  /** {@code entries} with the W3C trace context headers the request carries ({@link RestHeaders#TRACE_CONTEXT}). */
  private static Map<String, String> traceContext(RequestView view, Map<String, String> entries) {
    Map<String, String> all = entries;
    for (String name : RestHeaders.TRACE_CONTEXT) {
      String value = view.header(name);
      if (value != null) {
        if (all == null) {
          all = new HashMap<>(4);
        }
        all.put(name, value);
      }
    }
    return all;
  }

  private Map<String, String> contextEntries(String header) {
    JsonNode tree;
    try {
      tree = json.tree(header.getBytes(StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      tree = null;
    }
    if (tree == null || !tree.isObject() || tree.properties().stream().anyMatch(e -> !e.getValue().isString())) {
      throw BadRequests.badRequest(name + ": header " + RestHeaders.CONTEXT + ": " + BadRequests.render(json, header)
          + " (expected: a JSON object of strings, e.g. {\"tenant\":\"a\"})");
    }
    Map<String, String> entries = new HashMap<>(tree.size() * 2);
    tree.properties().forEach(e -> entries.put(e.getKey(), e.getValue().asString()));
    return entries;
  }
}
