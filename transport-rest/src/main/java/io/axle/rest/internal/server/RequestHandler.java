package io.axle.rest.internal.server;

import io.axle.AxleException;
import io.axle.Invocation;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.registry.Endpoint;
import io.axle.rest.RestTransportFactory;
import io.axle.rest.internal.RestHeaders;
import io.axle.rest.internal.RestJson;
import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import tools.jackson.databind.JsonNode;

/**
 * Serves one operation on one event loop: reads the arguments and the Axle headers, dispatches
 * to the operation's executor and answers with the result as JSON, from whatever thread ends
 * the call.
 */
final class RequestHandler implements Handler<RoutingContext> {
  private static final Buffer NULL_JSON = Buffer.buffer("null");
  /** Past this a timeout header means no deadline at all, and the nanosecond sum cannot overflow. */
  private static final long MAX_TIMEOUT_MS = TimeUnit.DAYS.toMillis(365);

  private final OperationRoute route;
  private final RestJson json;
  private final ResponseWriter writer;
  private final String name;

  RequestHandler(OperationRoute route, RestJson json, ResponseWriter writer) {
    this.route = route;
    this.json = json;
    this.writer = writer;
    this.name = route.rest().operation().qualifiedName();
  }

  @Override
  public void handle(RoutingContext ctx) {
    HttpServerRequest request = ctx.request();
    HttpServerResponse response = ctx.response();
    Invocation invocation;
    try {
      Object[] args = route.readArguments(ctx);
      String timeout = request.getHeader(RestHeaders.TIMEOUT);
      String context = request.getHeader(RestHeaders.CONTEXT);
      long timeoutMs = timeout == null ? -1 : timeoutMillis(timeout);
      Map<String, String> entries = context == null ? null : contextEntries(context);
      invocation = new Invocation(Role.PROVIDER, route.rest().operation(), args);
      invocation.mark(Stage.PROVIDER_RECEIVED);
      if (timeout != null && timeoutMs <= MAX_TIMEOUT_MS) {
        long deadline = invocation.stageNanos(Stage.PROVIDER_RECEIVED) + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        invocation.deadlineNanos(deadline == 0 ? 1 : deadline);
      }
      if (entries != null) {
        invocation.context().putAll(entries);
      }
    } catch (AxleException e) {
      writer.writeError(response, e.status().httpCode(), e.status(), e.getMessage());
      return;
    }
    invocation.transport(RestTransportFactory.NAME);
    invocation.endpoint(caller(request));
    route.provider().dispatch(invocation, answer -> respond(response, answer));
  }

  private void respond(HttpServerResponse response, Response answer) {
    if (!answer.isOk()) {
      Status status = answer.status();
      writer.writeError(response, status.httpCode(), status, answer.error().getMessage());
      return;
    }
    Object result = answer.result();
    Buffer body;
    try {
      body = result == null ? NULL_JSON : Buffer.buffer(json.write(result));
    } catch (RuntimeException e) {
      writer.writeError(response, Status.INTERNAL_ERROR.httpCode(), Status.INTERNAL_ERROR,
          name + ": the result could not be written as JSON: " + e.getMessage());
      return;
    }
    writer.write(response, 200, body);
  }

  private long timeoutMillis(String header) {
    try {
      return Long.parseLong(header.trim());
    } catch (NumberFormatException e) {
      throw BadRequests.badRequest(name + ": header " + RestHeaders.TIMEOUT + ": " + BadRequests.render(json, header)
          + " (expected: the milliseconds left before the caller's deadline, a whole number)");
    }
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

  private static Endpoint caller(HttpServerRequest request) {
    SocketAddress remote = request.remoteAddress();
    return remote == null || remote.host() == null || remote.port() < 1 ? null
        : new Endpoint(RestTransportFactory.NAME, remote.host(), remote.port());
  }
}
