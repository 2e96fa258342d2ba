package io.axle.rest.internal.server;

import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The first stop of every request on one server event loop: serves a well-formed request for a
 * literal-path operation itself, and hands everything else to the Vert.x Web router.
 *
 * <p>Why: the router costs ~8% of a REST provider's CPU per call (a routing context, a request
 * wrapper, a body handler, the route walk twice, a forwarded-header parse for the caller's
 * address), and RPC-style calls ({@code POST /<schema>/<operation>} with a JSON object of
 * arguments) need none of it. The rule that keeps behaviour identical: this class only takes a
 * request the router would have served successfully with the same route, which means exact method
 * and path, a body framed by a Content-Length within {@code axle.rest.server.max-body-size}, and
 * for a body-reading route a content type of exactly {@code application/json}, with or without
 * parameters. Anything else (a trailing slash, a chunked or oversized body, another content type,
 * path variables, query parameters) goes to the router, which gives the same answers and errors
 * as before.
 */
final class DirectRoutes implements Handler<HttpServerRequest> {
  private static final String JSON = "application/json";

  private final Map<String, Target[]> byPath;
  private final Router router;
  private final RouterErrors errors;
  private final long maxBodySize;

  /** A route this class serves, with the handler that serves it on this loop. */
  record Target(OperationRoute route, RequestHandler handler) {
  }

  /**
   * @param targets every route of this loop with its handler; those that need the router are left out here
   */
  DirectRoutes(List<Target> targets, Router router, RouterErrors errors, long maxBodySize) {
    Map<String, List<Target>> grouped = new HashMap<>();
    for (Target target : targets) {
      if (target.route().servableDirectly()) {
        grouped.computeIfAbsent(target.route().rest().path(), p -> new ArrayList<>()).add(target);
      }
    }
    this.byPath = new HashMap<>();
    grouped.forEach((path, list) -> byPath.put(path, list.toArray(Target[]::new)));
    this.router = router;
    this.errors = errors;
    this.maxBodySize = maxBodySize;
  }

  @Override
  public void handle(HttpServerRequest request) {
    Target target = match(request);
    if (target == null) {
      router.handle(request);
      return;
    }
    RequestHandler handler = target.handler();
    request.body().onComplete(read -> {
      if (read.failed()) {
        // The connection closed or the stream was reset mid-body: no one is left to answer.
        errors.failed(request, read.cause());
        return;
      }
      try {
        handler.serve(RequestView.direct(request), read.result());
      } catch (RuntimeException e) {
        errors.failed(request, e);
      }
    });
  }

  /** The route this class serves the request on, or null when the router must decide. */
  private Target match(HttpServerRequest request) {
    return match(request.method(), request.path(), request::getHeader, request.version() == HttpVersion.HTTP_2);
  }

  /**
   * The route a request with this head is served on without the router, or null when the router must decide.
   *
   * @param header a request header's first value, or null
   * @param http2 an HTTP/2 stream, which may carry a body without a Content-Length
   */
  Target match(HttpMethod method, String path, Function<CharSequence, String> header, boolean http2) {
    Target[] candidates = byPath.get(path);
    if (candidates == null) {
      return null;
    }
    for (Target candidate : candidates) {
      if (candidate.route().rest().method().equals(method)) {
        return framedWithinLimits(header, http2, candidate.route().readsBody()) ? candidate : null;
      }
    }
    return null;
  }

  private boolean framedWithinLimits(Function<CharSequence, String> header, boolean http2, boolean readsBody) {
    if (header.apply(HttpHeaders.TRANSFER_ENCODING) != null) {
      return false;
    }
    if (readsBody && !isJson(header.apply(HttpHeaders.CONTENT_TYPE))) {
      return false;
    }
    String length = header.apply(HttpHeaders.CONTENT_LENGTH);
    if (length == null) {
      // HTTP/1.x without Content-Length or Transfer-Encoding has no body; an HTTP/2 stream may still carry one.
      return !http2;
    }
    long bytes = contentLength(length);
    return bytes >= 0 && bytes <= maxBodySize;
  }

  private static boolean isJson(String contentType) {
    return contentType != null && contentType.startsWith(JSON)
        && (contentType.length() == JSON.length() || contentType.charAt(JSON.length()) == ';');
  }

  /** The length as a plain decimal, or -1 for anything the router should judge. */
  static long contentLength(String text) {
    if (text.isEmpty() || text.length() > 18) {
      return -1;
    }
    long value = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }
}
