package io.axle.rest.internal;

import io.axle.config.AxleConfig;
import io.axle.config.HostAndPort;
import io.axle.registry.Endpoint;
import io.axle.rest.RestConfigKeys;
import io.axle.rest.RestTransportFactory;
import io.axle.rest.internal.server.ResponseWriter;
import io.axle.rest.internal.server.RouteTable;
import io.axle.rest.internal.server.ServerRouter;
import io.axle.transport.SharedPorts;
import io.axle.transport.TransportContext;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The provider side of REST: {@code axle.rest.server.thread-count} Vert.x HttpServers, each on
 * its own event loop with its own router, sharing one port (Vert.x spreads accepted connections
 * over them). HTTP/1.1 keep-alive and h2c. The request path itself lives in
 * {@link io.axle.rest.internal.server}.
 */
final class RestServer {
  private final TransportContext context;
  private final RestJson json;
  private final VertxInternal vertx;
  private final List<ContextInternal> serverContexts = new ArrayList<>();
  private final List<HttpServer> servers = new CopyOnWriteArrayList<>();

  RestServer(TransportContext context, RestJson json) {
    this.context = context;
    this.json = json;
    this.vertx = (VertxInternal) context.vertx();
    // Taken here, in the constructor, so that the server loops come before the client's.
    if (!context.providerOperations().isEmpty()) {
      for (int i = 0; i < context.config().get(RestConfigKeys.SERVER_THREAD_COUNT); i++) {
        serverContexts.add(vertx.createEventLoopContext());
      }
    }
  }

  /** Starts serving the provider operations, if any; completes with the bound endpoint or null. */
  CompletableFuture<Endpoint> start() {
    if (context.providerOperations().isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    // Thrown, not returned as a failed future, so a mapping mistake stops start-up with its own message.
    RouteTable routes = RouteTable.build(context, json);
    AxleConfig config = context.config();
    HostAndPort address = config.get(RestConfigKeys.ADDRESS);
    HttpServerOptions options = new HttpServerOptions()
        .setTcpNoDelay(true)
        .setHttp2ClearTextEnabled(true)
        // Clients such as curl send "Expect: 100-continue" before a large body and wait for it.
        .setHandle100ContinueAutomatically(true)
        .setIdleTimeout((int) Math.min(Integer.MAX_VALUE, config.get(RestConfigKeys.SERVER_IDLE_TIMEOUT).toMillis()))
        .setIdleTimeoutUnit(TimeUnit.MILLISECONDS);
    int maxBodySize = config.get(RestConfigKeys.SERVER_MAX_BODY_SIZE);
    CompletableFuture<Endpoint> result = new CompletableFuture<>();
    // Port 0: all server loops share one free port, distinct from other transports' (see SharedPorts).
    int requestedPort = SharedPorts.listenPort("rest", address.port());
    listen(0, address.host(), requestedPort, options, routes, maxBodySize).onComplete(first -> {
      if (first.failed()) {
        result.completeExceptionally(cannotListen(address, first.cause()));
        return;
      }
      List<Future<Integer>> rest = new ArrayList<>();
      for (int i = 1; i < serverContexts.size(); i++) {
        rest.add(listen(i, address.host(), requestedPort, options, routes, maxBodySize));
      }
      Future.all(rest).onComplete(all -> {
        if (all.failed()) {
          result.completeExceptionally(cannotListen(address, all.cause()));
        } else {
          result.complete(new Endpoint(RestTransportFactory.NAME, address.host(), first.result()));
        }
      });
    });
    return result;
  }

  private static IllegalStateException cannotListen(HostAndPort address, Throwable cause) {
    return new IllegalStateException("rest cannot listen on " + address + ": " + cause.getMessage()
        + " (expected: a free port in " + RestConfigKeys.ADDRESS.name() + ")", cause);
  }

  /** Starts server {@code index} on its own event loop, with its own router; completes with the port bound. */
  private Future<Integer> listen(int index, String host, int port, HttpServerOptions options, RouteTable routes,
      int maxBodySize) {
    Promise<Integer> promise = Promise.promise();
    ContextInternal serverContext = serverContexts.get(index);
    serverContext.runOnContext(v -> {
      HttpServer server = vertx.createHttpServer(new HttpServerOptions(options));
      ResponseWriter writer = new ResponseWriter(serverContext.nettyEventLoop(), json);
      server.requestHandler(ServerRouter.create(vertx, routes, context.providerOperations(), json, writer,
          maxBodySize));
      server.listen(port, host).onComplete(ar -> {
        if (ar.succeeded()) {
          servers.add(server);
          promise.complete(server.actualPort());
        } else {
          promise.fail(ar.cause());
        }
      });
    });
    return promise.future();
  }

  /** Stops accepting, lets in-flight requests finish within the grace period, then closes. */
  CompletableFuture<Void> shutdown(Duration grace) {
    List<CompletableFuture<Void>> closing = new ArrayList<>();
    for (HttpServer server : servers) {
      closing.add(server.shutdown(grace).toCompletionStage().toCompletableFuture());
    }
    return CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new));
  }
}
