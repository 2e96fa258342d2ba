package io.axle.perf.baseline;

import io.axle.config.AxleConfig;
import io.axle.highway.HighwayConfigKeys;
import io.axle.perf.payload.Order;
import io.axle.perf.payload.Payloads;
import io.axle.registry.Endpoint;
import io.axle.transport.NativeTransport;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The raw TCP echo's client: {@code axle.highway.client.thread-count} connections, one per event loop of its
 * own Vert.x instance, as highway's client holds one connection per loop to an endpoint; calls go to them in
 * turn. The message is sent as its UTF-8 bytes in one frame; the answer's bytes come back as the string.
 */
final class TcpBaselineClient extends BaselineClient {
  private final List<FramedConnection> connections = new ArrayList<>();
  private final AtomicInteger next = new AtomicInteger();
  /** The last message and its frame, built once: the load engine sends one message over and over. */
  private volatile Encoded last = new Encoded("", FramedConnection.frame(new byte[0]));
  private volatile EncodedOrder lastOrder = new EncodedOrder(null, FramedConnection.frame(new byte[0]));

  TcpBaselineClient(Endpoint endpoint, AxleConfig config) {
    this(NativeTransport.vertx(config,
        new VertxOptions().setEventLoopPoolSize(config.get(HighwayConfigKeys.CLIENT_THREAD_COUNT))),
        endpoint, config);
  }

  private TcpBaselineClient(Vertx vertx, Endpoint endpoint, AxleConfig config) {
    super(vertx);
    int count = config.get(HighwayConfigKeys.CLIENT_THREAD_COUNT);
    NetClient client = vertx.createNetClient(new NetClientOptions().setTcpNoDelay(true)
        .setConnectTimeout((int) Math.min(Integer.MAX_VALUE,
            config.get(HighwayConfigKeys.CLIENT_CONNECT_TIMEOUT).toMillis())));
    for (int i = 0; i < count; i++) {
      // A context per connection, each on the next event loop of the pool.
      connections.add(new FramedConnection(((VertxInternal) vertx).createEventLoopContext(), client,
          endpoint.host(), endpoint.port()));
    }
  }

  @Override
  CompletableFuture<String> echo(String message) {
    Encoded encoded = last;
    if (encoded.message() != message) {
      encoded = new Encoded(message, FramedConnection.frame(message.getBytes(StandardCharsets.UTF_8)));
      last = encoded;
    }
    return connection().send(encoded.frame(), payload -> payload.toString(StandardCharsets.UTF_8));
  }

  @Override
  CompletableFuture<Order> echoOrder(Order order) {
    EncodedOrder encoded = lastOrder;
    if (encoded.order() != order) {
      encoded = new EncodedOrder(order, FramedConnection.frame(Payloads.highwayFrame(order)));
      lastOrder = encoded;
    }
    int sent = encoded.frame().length() - FramedConnection.LENGTH;
    return connection().send(encoded.frame(), payload -> echoed(order, sent, payload.readableBytes()));
  }

  /**
   * The connection of the calling event loop when there is one (an async caller sending its next call from
   * the last one's answer): its write then goes out with that loop's read burst, one flush for all, and no
   * hop. Other callers take the connections in turn. A raw client would do as much; the baseline is meant
   * to be what the wire allows, not a straw man.
   */
  private FramedConnection connection() {
    Context current = Vertx.currentContext();
    if (current != null) {
      for (FramedConnection connection : connections) {
        if (connection.context() == current) {
          return connection;
        }
      }
    }
    return connections.get(Math.floorMod(next.getAndIncrement(), connections.size()));
  }

  private record Encoded(String message, Buffer frame) {
  }

  private record EncodedOrder(Order order, Buffer frame) {
  }
}
