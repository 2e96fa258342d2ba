package io.axle.rest.internal;

import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.config.HostAndPort;
import io.axle.registry.Endpoint;
import io.axle.rest.RestConfigKeys;
import io.axle.rest.internal.server.ResponseWriter;
import io.axle.rest.internal.server.RouteTable;
import io.axle.rest.internal.server.ServerRouter;
import io.axle.transport.ConnectionLimit;
import io.axle.transport.ServerLoops;
import io.axle.transport.TransportContext;
import io.axle.transport.internal.WireCounting;
import io.axle.transport.tls.Tls;
import io.netty.channel.EventLoop;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.net.impl.ConnectionBase;
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
  private final ServerLoops serverLoops;
  private final List<HttpServer> servers = new CopyOnWriteArrayList<>();
  private final ConnectionLimit connections;

  RestServer(TransportContext context, RestJson json) {
    this.context = context;
    this.json = json;
    this.vertx = (VertxInternal) context.vertx();
    // Taken here, in the constructor, so that the server loops come before the client's.
    this.serverLoops = new ServerLoops(RestTransport.NAME, vertx,
        context.providerOperations().isEmpty() ? 0 : context.config().get(RestConfigKeys.SERVER_THREAD_COUNT));
    this.connections = new ConnectionLimit(RestTransport.NAME, RestConfigKeys.SERVER_MAX_CONNECTIONS.name(),
        context.config().get(RestConfigKeys.SERVER_MAX_CONNECTIONS));
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
        // No WebSockets are served, so no WebSocket compression handshake handler need look at every
        // request and response (~4% of the provider's CPU per call otherwise).
        .setPerFrameWebSocketCompressionSupported(false)
        .setPerMessageWebSocketCompressionSupported(false)
        .setIdleTimeout((int) Math.min(Integer.MAX_VALUE, config.get(RestConfigKeys.SERVER_IDLE_TIMEOUT).toMillis()))
        .setIdleTimeoutUnit(TimeUnit.MILLISECONDS)
        .setMaxHeaderSize(config.get(RestConfigKeys.SERVER_MAX_HEADER_SIZE));
    // The HTTP/2 bounds are announced to the client in the server's SETTINGS frame; Vert.x refuses
    // (RST_STREAM) a stream past them and answers a header list past its size with 431.
    options.getInitialSettings()
        .setMaxConcurrentStreams(config.get(RestConfigKeys.SERVER_MAX_CONCURRENT_STREAMS))
        .setMaxHeaderListSize(config.get(RestConfigKeys.SERVER_MAX_HEADER_SIZE));
    Tls tls = context.tls();
    if (tls.server()) {
      tls.applyTo(options);
      // HTTP/2 over TLS is agreed in the handshake; HTTP/1.1 clients are served as before.
      options.setUseAlpn(true);
    }
    int maxBodySize = config.get(RestConfigKeys.SERVER_MAX_BODY_SIZE);
    return serverLoops.listen(address, RestConfigKeys.ADDRESS.name(), (loop, port) -> {
      HttpServer server = vertx.createHttpServer(new HttpServerOptions(options));
      EventLoop eventLoop = ((ContextInternal) loop).nettyEventLoop();
      ResponseWriter writer = new ResponseWriter(eventLoop, json);
      ServerRouter router = ServerRouter.create(vertx, eventLoop, routes, context.providerOperations(), json, writer,
          maxBodySize, config.get(RestConfigKeys.SERVER_PIPELINING_LIMIT), config.get(CoreConfigKeys.SHUTDOWN_TIMEOUT));
      if (tls.server()) {
        server.exceptionHandler(failure -> tls.logServerFailure(RestTransport.NAME, failure));
        tls.onServerReload(ssl -> server.updateSSLOptions(ssl, true));
      }
      server.connectionHandler(connection -> {
        if (connection instanceof ConnectionBase base) {
          WireCounting.install(base);
        }
        // Every Vert.x 5 HTTP connection is a ConnectionBase; one that is not could not be counted.
        if (!(connection instanceof ConnectionBase base) || connections.admit(base.channel())) {
          writer.connected(connection);
          router.connected(connection);
        }
      });
      server.requestHandler(router.requestHandler());
      return server.listen(port, address.host()).map(bound -> {
        servers.add(bound);
        return bound.actualPort();
      });
    });
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
