package io.axle.rest.internal.server;

import io.axle.AxleException;
import io.axle.Status;
import io.axle.rest.RestConfigKeys;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestTransport;
import io.axle.transport.ProviderOperations;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answers for requests the router itself turns away (no route, wrong method, body too large,
 * wrong content type, a failure in a handler), as the same JSON error body every other answer
 * uses, with the real HTTP code and the closest {@link Status}.
 */
final class RouterErrors {
  private static final Logger log = LoggerFactory.getLogger(RouterErrors.class);
  /** {@code /<schemaId>/<operation>}: what an RPC-style call asks for, answered as highway would. */
  private static final Pattern RPC_PATH = Pattern.compile("^/([A-Za-z_][A-Za-z0-9_\\-]*)/([A-Za-z_$][A-Za-z0-9_$]*)/?$");
  private static final int MAX_PATH_CHARS = 200;

  private final RouteTable routes;
  private final ProviderOperations operations;
  private final ResponseWriter writer;
  private final int maxBodySize;

  RouterErrors(RouteTable routes, ProviderOperations operations, ResponseWriter writer, int maxBodySize) {
    this.routes = routes;
    this.operations = operations;
    this.writer = writer;
    this.maxBodySize = maxBodySize;
  }

  void install(Router router) {
    for (int code : new int[] {400, 404, 405, 413, 415, 500}) {
      router.errorHandler(code, ctx -> answer(ctx, code));
    }
    // Failures inside handlers (the body handler's 413, a connection closed under it) come here
    // rather than to Vert.x Web's default, which logs a closed connection as an error.
    router.route().failureHandler(ctx -> answer(ctx, ctx.statusCode() != -1 ? ctx.statusCode()
        : ctx.failure() instanceof HttpException http ? http.getStatusCode() : 500));
  }

  private void answer(RoutingContext ctx, int code) {
    HttpServerResponse response = ctx.response();
    if (response.ended() || response.closed()) {
      // The connection closed under a handler (the idle timeout cut a stalled upload): no one to answer.
      log.debug("rest: {} ended without an answer: {}", request(ctx), String.valueOf(ctx.failure()));
      return;
    }
    switch (code) {
      case 404 -> notFound(ctx);
      case 405 -> methodNotAllowed(ctx);
      case 413 -> answer(ctx, 413, Status.BAD_REQUEST, request(ctx) + ": the request body is larger than "
          + maxBodySize + " bytes (expected: at most that; raise " + RestConfigKeys.SERVER_MAX_BODY_SIZE.name() + ")");
      case 415 -> {
        String type = ctx.request().getHeader(HttpHeaders.CONTENT_TYPE);
        answer(ctx, 415, Status.BAD_REQUEST, request(ctx) + ": content-type " + (type == null ? "missing" : type)
            + " (expected: application/json)");
      }
      case 500 -> failed(ctx);
      default -> answer(ctx, code, code >= 500 ? Status.INTERNAL_ERROR : Status.BAD_REQUEST, request(ctx)
          + ": HTTP " + code + (ctx.failure() == null ? "" : ": " + ctx.failure().getMessage()));
    }
  }

  private void notFound(RoutingContext ctx) {
    Matcher rpc = RPC_PATH.matcher(ctx.request().path());
    answer(ctx, 404, Status.NOT_FOUND, rpc.matches() ? operations.notFoundMessage(rpc.group(1), rpc.group(2))
        : "no route for " + request(ctx));
  }

  private void methodNotAllowed(RoutingContext ctx) {
    String allowed = routes.allowedMethods(ctx.normalizedPath());
    if (!allowed.isEmpty()) {
      ctx.response().putHeader(HttpHeaders.ALLOW, allowed);
    }
    answer(ctx, 405, Status.BAD_REQUEST, request(ctx) + ": method " + ctx.request().method().name()
        + " is not allowed here (expected: " + (allowed.isEmpty() ? "another method" : allowed) + ")");
  }

  private void failed(RoutingContext ctx) {
    failed(ctx.request(), ctx.failure());
  }

  /** A failure inside a handler, with or without the router: logged, and answered as a 500 when someone still listens. */
  void failed(HttpServerRequest request, Throwable failure) {
    failed(describe(request.method().name(), request.path()), Reply.of(request.response()), failure);
  }

  /** As {@link #failed(HttpServerRequest, Throwable)}, for {@code request} (method and path) answered at {@code reply}. */
  void failed(String request, Reply reply, Throwable failure) {
    if (reply.gone()) {
      log.debug("rest: {} ended without an answer: {}", request, String.valueOf(failure));
      return;
    }
    log.warn("rest: {} failed inside the server", request, failure);
    writer.writeError(reply, 500, Status.INTERNAL_ERROR, request + " failed inside the REST server: " + failure);
  }

  /** Answers a request the router matched to no operation; counted as such in the windows. */
  private void answer(RoutingContext ctx, int httpCode, Status status, String message) {
    operations.unmatched(RestTransport.NAME, RequestView.VertxRequest.caller(ctx.request().remoteAddress()),
        System.nanoTime(), new AxleException(status, message));
    writer.writeError(ctx.response(), httpCode, status, message);
  }

  private static String request(RoutingContext ctx) {
    return describe(ctx.request());
  }

  /** {@code POST /path}, the path cut short when long. */
  static String describe(HttpServerRequest request) {
    return describe(request.method().name(), request.path());
  }

  static String describe(String method, String path) {
    return method + " " + (path.length() > MAX_PATH_CHARS ? path.substring(0, MAX_PATH_CHARS) + "..." : path);
  }
}
