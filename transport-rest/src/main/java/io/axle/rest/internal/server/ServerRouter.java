package io.axle.rest.internal.server;

import io.axle.rest.internal.RestJson;
import io.axle.transport.ProviderOperations;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.handler.BodyHandler;
import io.netty.channel.EventLoop;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * The request path of one server event loop, built from the shared {@link RouteTable}:
 * {@link DirectRoutes} in front of a Vert.x Web router, and {@link PipelinedRequests} in front of
 * Vert.x on each HTTP/1.1 connection.
 */
public final class ServerRouter {
  private final DirectRoutes direct;
  private final RouterErrors errors;
  private final EventLoop loop;
  private final int pipeliningLimit;
  private final Duration closeGrace;

  private ServerRouter(DirectRoutes direct, RouterErrors errors, EventLoop loop, int pipeliningLimit,
      Duration closeGrace) {
    this.direct = direct;
    this.errors = errors;
    this.loop = loop;
    this.pipeliningLimit = pipeliningLimit;
    this.closeGrace = closeGrace;
  }

  /**
   * @param pipeliningLimit requests of one HTTP/1.1 connection served at once when pipelined
   * @param closeGrace how long a closing connection waits for the pipelined answers still owed
   */
  public static ServerRouter create(Vertx vertx, EventLoop loop, RouteTable table, ProviderOperations operations,
      RestJson json, ResponseWriter writer, int maxBodySize, int pipeliningLimit, Duration closeGrace) {
    Router router = Router.router(vertx);
    // Every route reads its body, so the size limit holds everywhere and a keep-alive connection
    // never stalls on an unread body; no file uploads, so nothing is written to disk.
    BodyHandler body = BodyHandler.create(false).setBodyLimit(maxBodySize);
    // Off the event loop: the OpenAPI document is built by its first request, and a scrape may take milliseconds.
    serveBlocking(vertx, router, writer, RouteTable.OPENAPI_PATH, ResponseWriter.JSON, table::openApiJson);
    for (io.axle.transport.HttpEndpoint endpoint : table.httpEndpoints()) {
      serveBlocking(vertx, router, writer, endpoint.path(), endpoint.contentType(), endpoint::render);
    }
    List<DirectRoutes.Target> targets = new ArrayList<>();
    for (OperationRoute route : table.routes()) {
      RequestHandler handler = new RequestHandler(route, json, writer);
      targets.add(new DirectRoutes.Target(route, handler));
      Route r = router.route(route.rest().method(), route.routerPath());
      if (route.rest().hasBody()) {
        r.consumes("application/json");
      }
      r.handler(body).handler(handler);
    }
    RouterErrors errors = new RouterErrors(table, operations, writer, maxBodySize);
    errors.install(router);
    return new ServerRouter(new DirectRoutes(targets, router, errors, maxBodySize), errors, loop, pipeliningLimit,
        closeGrace);
  }

  /** Vert.x's request handler. */
  public Handler<HttpServerRequest> requestHandler() {
    return direct;
  }

  /** A new connection on this loop: an HTTP/1.1 one gets its pipelined requests served side by side. */
  public void connected(HttpConnection connection) {
    if (connection instanceof ConnectionBase base) {
      PipelinedRequests.install(base.channel(), loop, direct, errors, pipeliningLimit, closeGrace);
    }
  }

  /** Serves {@code GET path} with what {@code render} makes on a worker thread, or a 500 naming its failure. */
  private static void serveBlocking(Vertx vertx, Router router, ResponseWriter writer, String path,
      CharSequence contentType, Callable<byte[]> render) {
    router.get(path).handler(ctx -> vertx.executeBlocking(render, false).onComplete(ar -> {
      if (ar.succeeded()) {
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, contentType).end(Buffer.buffer(ar.result()));
      } else {
        writer.writeError(ctx.response(), 500, io.axle.Status.INTERNAL_ERROR, "GET " + path + " failed: " + ar.cause());
      }
    }));
  }
}
