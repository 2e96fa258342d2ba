package io.axle.highway.internal;

import io.axle.Response;
import io.axle.config.AxleConfig;
import io.axle.config.HostAndPort;
import io.axle.highway.HighwayConfigKeys;
import io.axle.registry.Endpoint;
import io.axle.transport.Attempt;
import io.axle.transport.ConnectionLimit;
import io.axle.transport.ProviderOperations;
import io.axle.transport.ServerLoops;
import io.axle.transport.Transport;
import io.axle.transport.TransportContext;
import io.axle.transport.internal.WireCounting;
import io.axle.transport.tls.Tls;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.handler.timeout.IdleStateHandler;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.internal.net.NetSocketInternal;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.NetSocket;
import io.vertx.core.net.impl.ConnectionBase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The highway transport: {@code server.thread-count} Vert.x NetServers sharing one port (Vert.x
 * spreads accepted connections over their event loops) and a client with
 * {@code client.thread-count} event loops. The framing and the dispatch run in Netty handlers
 * put in front of Vert.x's own, so frames go from the socket to the codec without copies into
 * Vert.x buffers.
 */
public final class HighwayTransport implements Transport {
  /** The transport\'s name: the scheme of its endpoints and the value of {@code axle.references.transport}. */
  public static final String NAME = "highway";
  private static final Logger log = LoggerFactory.getLogger(HighwayTransport.class);

  private final TransportContext context;
  private final VertxInternal vertx;
  private final ServerLimits limits;
  private final ConnectionLimit connections;
  private final long idleTimeoutNanos;
  private final int maxUnreadBytes;
  private final OperationCodecs codecs = new OperationCodecs();
  private volatile ServedOperations served;
  private final ServerLoops serverLoops;
  private final List<NetServer> servers = new CopyOnWriteArrayList<>();
  private final HighwayClient client;
  private final NetClient netClient;

  public HighwayTransport(TransportContext context) {
    this.context = context;
    this.vertx = (VertxInternal) context.vertx();
    AxleConfig config = context.config();
    this.limits = ServerLimits.of(config);
    this.connections = new ConnectionLimit(NAME, HighwayConfigKeys.SERVER_MAX_CONNECTIONS.name(),
        config.get(HighwayConfigKeys.SERVER_MAX_CONNECTIONS));
    this.idleTimeoutNanos = config.get(HighwayConfigKeys.SERVER_IDLE_TIMEOUT).toNanos();
    this.maxUnreadBytes = config.get(HighwayConfigKeys.SERVER_MAX_UNREAD_BYTES);
    // Server loops are taken first, so that client loops land on other threads of the pool.
    this.serverLoops = new ServerLoops(NAME, vertx,
        context.providerOperations().isEmpty() ? 0 : config.get(HighwayConfigKeys.SERVER_THREAD_COUNT));
    List<ContextInternal> clientContexts = new ArrayList<>();
    for (int i = 0; i < config.get(HighwayConfigKeys.CLIENT_THREAD_COUNT); i++) {
      clientContexts.add(vertx.createEventLoopContext());
    }
    Tls tls = context.tls();
    NetClientOptions clientOptions = new NetClientOptions()
        .setTcpNoDelay(true)
        .setConnectTimeout((int) Math.min(Integer.MAX_VALUE, config.get(HighwayConfigKeys.CLIENT_CONNECT_TIMEOUT).toMillis()));
    if (tls.client()) {
      tls.applyTo(clientOptions);
      clientOptions.setHostnameVerificationAlgorithm(tls.verifyHost() ? "HTTPS" : "");
    }
    this.netClient = vertx.createNetClient(clientOptions);
    if (tls.client()) {
      tls.onClientReload(options -> netClient.updateSSLOptions(options, true));
    }
    this.client = new HighwayClient(netClient, clientContexts, codecs, limits.frames());
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public CompletableFuture<Endpoint> start() {
    ProviderOperations operations = context.providerOperations();
    if (operations.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    // Builds every codec: fails at start-up, not on the first request, when a type cannot travel over highway.
    served = new ServedOperations(operations, codecs);
    HostAndPort address = context.config().get(HighwayConfigKeys.ADDRESS);
    return serverLoops.listen(address, HighwayConfigKeys.ADDRESS.name(), (loop, port) -> {
      Tls tls = context.tls();
      NetServerOptions options = new NetServerOptions().setTcpNoDelay(true);
      tls.applyTo(options);
      NetServer server = vertx.createNetServer(options);
      server.connectHandler(this::accept);
      if (tls.server()) {
        server.exceptionHandler(failure -> tls.logServerFailure(NAME, failure));
        tls.onServerReload(ssl -> server.updateSSLOptions(ssl, true));
      }
      return server.listen(port, address.host()).map(bound -> {
        servers.add(bound);
        return bound.actualPort();
      });
    });
  }

  private void accept(NetSocket socket) {
    NetSocketInternal internal = (NetSocketInternal) socket;
    ChannelHandlerContext vertxHandler = internal.channelHandlerContext();
    Channel channel = vertxHandler.channel();
    if (!connections.admit(channel)) {
      return;
    }
    // Past it the connection is not read until its peer reads (ServerConnection.channelWritabilityChanged).
    channel.config().setWriteBufferWaterMark(new WriteBufferWaterMark(maxUnreadBytes / 2, maxUnreadBytes));
    ServerConnection connection = new ServerConnection(context.providerOperations(), served, limits);
    WireCounting.install((ConnectionBase) socket);
    vertxHandler.pipeline().addBefore(vertxHandler.name(), "highway-idle",
        new IdleStateHandler(0, 0, idleTimeoutNanos, TimeUnit.NANOSECONDS));
    vertxHandler.pipeline().addBefore(vertxHandler.name(), "highway-frames", new FrameDecoder(limits.frames()));
    vertxHandler.pipeline().addBefore(vertxHandler.name(), "highway-server", connection);
    socket.shutdownHandler(timeout -> connection.goAway());
  }

  @Override
  public int callsInFlight() {
    return client.inFlight().count();
  }

  @Override
  public java.util.Map<Endpoint, Integer> callsInFlightByEndpoint() {
    return client.inFlightByEndpoint();
  }

  @Override
  public CompletableFuture<Response> send(Attempt invocation, Endpoint endpoint) {
    return client.send(invocation, endpoint);
  }

  @Override
  public CompletableFuture<Void> shutdown(Duration grace) {
    long deadline = System.nanoTime() + grace.toNanos();
    List<CompletableFuture<Void>> closing = new ArrayList<>();
    for (NetServer server : servers) {
      closing.add(server.shutdown(grace).toCompletionStage().toCompletableFuture());
    }
    // Servers first: a provider still answering may itself call other services through the client.
    return CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new))
        .handle((v, error) -> null)
        .thenCompose(v -> client.inFlight().drainThenFail(NAME, log,
            Duration.ofNanos(Math.max(0, deadline - System.nanoTime())), reason -> {
              client.closeAll(reason);
              return netClient.close().toCompletionStage();
            }));
  }
}
