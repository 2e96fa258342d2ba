package io.axle.metrics.internal;

import io.axle.metrics.NetworkStats;
import io.axle.transport.WireBytes;
import io.vertx.core.VertxOptions;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.net.TcpClientConfig;
import io.vertx.core.net.TcpServerConfig;
import io.vertx.core.spi.VertxMetricsFactory;
import io.vertx.core.spi.metrics.TransportMetrics;
import io.vertx.core.spi.metrics.VertxMetrics;

/**
 * Vert.x's metrics SPI, reduced to bytes read and written per socket and the connections open, into {@link
 * NetworkMeters}. Each
 * runtime's Vert.x gets its own {@link VertxMetrics} from {@link #metrics}; all feed the same meters.
 *
 * <p>Vert.x creates a {@link TransportMetrics} for every TCP server and client, the HTTP ones included
 * (protocol {@code http}): those are {@code rest}, the rest {@code highway}. It reports connections opening
 * and closing to them; the bytes come from Axle's own handler at the head of each connection's pipeline
 * ({@link WireBytes}), since what Vert.x reports itself is no count of the wire (highway's bytes never reach
 * Vert.x; on HTTP/1 it reports decoded content, not the request line and headers), so Vert.x's own byte
 * reports are ignored. A server's counter (key: its listening address) is resolved once when it is created;
 * a client connection's (key: its remote address) once when it connects, and handed back by Vert.x as
 * the socket's metric (an HTTP client connection gets none: its counter is found by its address, once, when the
 * wire counter is installed), so a read or a write is one {@code LongAdder.add}.
 */
public final class NetworkMetricsFactory implements VertxMetricsFactory {
  private final NetworkMeters meters;

  public NetworkMetricsFactory(NetworkMeters meters) {
    this.meters = meters;
  }

  @Override
  public VertxMetrics metrics(VertxOptions options) {
    return new VertxMetrics() {
      @Override
      public TransportMetrics<?> createTcpServerMetrics(TcpServerConfig config, String protocol,
          SocketAddress localAddress) {
        String transport = NetworkMeters.transport(protocol);
        if (localAddress != null && localAddress.isInetSocket() && localAddress.port() <= 0) {
          // An ephemeral port: Vert.x hands the SPI its id (-1, -2…), not the port it bound.
          ServerMetrics server = new ServerMetrics(new NetworkMeters.Counter(transport, NetworkStats.SERVER,
              NetworkMeters.endpoint(localAddress)));
          meters.pending(transport, localAddress, server);
          return server;
        }
        return new ServerMetrics(meters.counter(transport, NetworkStats.SERVER, NetworkMeters.endpoint(localAddress)));
      }

      @Override
      public TransportMetrics<?> createTcpClientMetrics(TcpClientConfig config, String protocol) {
        return new ClientMetrics(meters, NetworkMeters.transport(protocol));
      }
    };
  }

  /** Every connection of a listening address adds to its one counter. */
  static final class ServerMetrics implements TransportMetrics<NetworkMeters.Counter>, WireBytes.Metrics {
    /** Replaced once, when the actual port of an ephemeral bind is learned. */
    volatile NetworkMeters.Counter counter;

    ServerMetrics(NetworkMeters.Counter counter) {
      this.counter = counter;
    }

    @Override
    public NetworkMeters.Counter connected(SocketAddress remoteAddress, String remoteName) {
      NetworkMeters.Counter current = counter;
      current.open.increment();
      return current;
    }

    /** The server's counter at the time, whatever was handed back: it moves once, when an ephemeral port is named. */
    @Override
    public void disconnected(NetworkMeters.Counter socketMetric, SocketAddress remoteAddress) {
      counter.open.decrement();
    }

    /** None of the connection's own: every byte goes to the server's counter of the moment (see above). */
    @Override
    public Object wireCounter(Object socketMetric, SocketAddress remoteAddress) {
      return null;
    }

    @Override
    public void wireBytesRead(Object ignored, long bytes) {
      counter.read.add(bytes);
    }

    @Override
    public void wireBytesWritten(Object ignored, long bytes) {
      counter.written.add(bytes);
    }
  }

  /** A connection's counter is that of its remote address, found when it connects. */
  private static final class ClientMetrics implements TransportMetrics<NetworkMeters.Counter>, WireBytes.Metrics {
    private final NetworkMeters meters;
    private final String transport;

    ClientMetrics(NetworkMeters meters, String transport) {
      this.meters = meters;
      this.transport = transport;
    }

    private NetworkMeters.Counter counter(SocketAddress remoteAddress) {
      return meters.counter(transport, NetworkStats.CLIENT, NetworkMeters.endpoint(remoteAddress));
    }

    @Override
    public NetworkMeters.Counter connected(SocketAddress remoteAddress, String remoteName) {
      NetworkMeters.Counter counter = counter(remoteAddress);
      counter.open.increment();
      return counter;
    }

    @Override
    public void disconnected(NetworkMeters.Counter socketMetric, SocketAddress remoteAddress) {
      // An HTTP client connection is handed no socket metric back (as for its bytes): found by its address.
      (socketMetric != null ? socketMetric : counter(remoteAddress)).open.decrement();
    }

    /** The connection's counter: the one Vert.x handed back, or for an HTTP client connection its address's. */
    @Override
    public Object wireCounter(Object socketMetric, SocketAddress remoteAddress) {
      return socketMetric instanceof NetworkMeters.Counter counter ? counter : counter(remoteAddress);
    }

    @Override
    public void wireBytesRead(Object counter, long bytes) {
      ((NetworkMeters.Counter) counter).read.add(bytes);
    }

    @Override
    public void wireBytesWritten(Object counter, long bytes) {
      ((NetworkMeters.Counter) counter).written.add(bytes);
    }
  }
}
