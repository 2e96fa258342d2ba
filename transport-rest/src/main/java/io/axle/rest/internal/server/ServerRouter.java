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
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Builds the request handler of one server event loop from the shared {@link RouteTable}:
 * {@link DirectRoutes} in front of a Vert.x Web router.
 */
public final class ServerRouter {
  private ServerRouter() {
  }

  public static Handler<HttpServerRequest> create(Vertx vertx, RouteTable table, ProviderOperations operations,
      RestJson json, ResponseWriter writer, int maxBodySize) {
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
    return new DirectRoutes(targets, router, errors, maxBodySize);
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
