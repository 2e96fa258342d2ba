package io.axle.rest.internal.server;

import io.axle.registry.Endpoint;
import io.axle.rest.internal.RestTransport;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.util.List;

/**
 * What serving a request needs of it: its headers, its caller, where its answer goes, and for the
 * argument readers its path variables and query parameters. Three kinds: one the Vert.x Web router
 * matched, which knows path variables and decoded query parameters; one {@link DirectRoutes} took
 * straight from the server; and one {@link PipelinedRequests} read ahead of Vert.x. The last two
 * only ever serve routes that read neither path variables nor query parameters.
 */
interface RequestView {
  /** Every value of a request header, empty when absent. */
  List<String> headers(String name);

  /** The first value of a request header, or null. */
  String header(String name);

  /** The caller's address, or null when unknown. */
  Endpoint caller();

  /** Where the answer goes. */
  Reply reply();

  /** The value of a path variable by its router name, or null. */
  String pathParam(String routerName);

  /**
   * The values of a query parameter, empty when absent.
   *
   * @throws IllegalArgumentException for a malformed query string
   */
  List<String> queryParam(String name);

  static RequestView routed(RoutingContext ctx) {
    return new VertxRequest(ctx.request()) {
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
    return new VertxRequest(request) {
      @Override
      public String pathParam(String routerName) {
        throw withoutRouter("path variable", routerName);
      }

      @Override
      public List<String> queryParam(String name) {
        throw withoutRouter("query parameter", name);
      }
    };
  }

  /** A route served without the router read what only the router knows: a bug in choosing the route's way in. */
  static IllegalStateException withoutRouter(String what, String name) {
    return new IllegalStateException(what + " " + name + " read on a route served without the router");
  }

  /** The headers, caller and answer of a request Vert.x handed over. */
  abstract class VertxRequest implements RequestView {
    private final HttpServerRequest request;

    VertxRequest(HttpServerRequest request) {
      this.request = request;
    }

    @Override
    public List<String> headers(String name) {
      return request.headers().getAll(name);
    }

    @Override
    public String header(String name) {
      return request.getHeader(name);
    }

    @Override
    public Endpoint caller() {
      return caller(request.remoteAddress());
    }

    @Override
    public Reply reply() {
      return Reply.of(request.response());
    }

    static Endpoint caller(SocketAddress remote) {
      return remote == null || remote.host() == null || remote.port() < 1 ? null
          : new Endpoint(RestTransport.NAME, remote.host(), remote.port());
    }
  }
}
