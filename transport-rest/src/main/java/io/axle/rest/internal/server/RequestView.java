package io.axle.rest.internal.server;

import io.vertx.core.http.HttpServerRequest;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/**
 * What an argument reader needs of a request. Two kinds: one the Vert.x Web router matched,
 * which knows path variables and decoded query parameters, and one {@link DirectRoutes} took
 * straight from the server, which only ever serves routes that read neither.
 */
interface RequestView {
  HttpServerRequest request();

  /** The value of a path variable by its router name, or null. */
  String pathParam(String routerName);

  /**
   * The values of a query parameter, empty when absent.
   *
   * @throws IllegalArgumentException for a malformed query string
   */
  List<String> queryParam(String name);

  static RequestView routed(RoutingContext ctx) {
    return new RequestView() {
      @Override
      public HttpServerRequest request() {
        return ctx.request();
      }

      @Override
      public String pathParam(String routerName) {
        return ctx.pathParam(routerName);
      }

      @Override
      public List<String> queryParam(String name) {
        return ctx.queryParam(name);
      }
    };
  }

  /** A request no router saw: {@link DirectRoutes} takes only routes without path variables and query parameters. */
  static RequestView direct(HttpServerRequest request) {
    return new RequestView() {
      @Override
      public HttpServerRequest request() {
        return request;
      }

      @Override
      public String pathParam(String routerName) {
        throw new IllegalStateException("path variable " + routerName + " read on a route served without the router");
      }

      @Override
      public List<String> queryParam(String name) {
        throw new IllegalStateException("query parameter " + name + " read on a route served without the router");
      }
    };
  }
}
