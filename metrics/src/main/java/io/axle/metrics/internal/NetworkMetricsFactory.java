package io.axle.metrics.internal;

import io.axle.metrics.NetworkStats;
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
 * <p>Vert.x reports the bytes of every connection through the {@link TransportMetrics} of the TCP server
 * or client beneath it, the HTTP ones included (protocol {@code http}): those are {@code rest}, the rest
 * {@code highway}. A server's counter (key: its listening address) is resolved once when it is created;
 * a client connection's (key: its remote address) once when it connects, and handed back by Vert.x as
 * the socket's metric, so a read or a write is one {@code LongAdder.add}: no lock, no look-up, no
 * allocation.
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
  static final class ServerMetrics implements TransportMetrics<NetworkMeters.Counter> {
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

    @Override
    public void disconnected(NetworkMeters.Counter socketMetric, SocketAddress remoteAddress) {
      (socketMetric != null ? socketMetric : counter).open.decrement();
    }

    @Override
    public void bytesRead(NetworkMeters.Counter socketMetric, SocketAddress remoteAddress, long numberOfBytes) {
      counter.read.add(numberOfBytes);
    }

    @Override
    public void bytesWritten(NetworkMeters.Counter socketMetric, SocketAddress remoteAddress, long numberOfBytes) {
      counter.written.add(numberOfBytes);
    }
  }

  /** A connection's counter is that of its remote address, found when it connects. */
  private static final class ClientMetrics implements TransportMetrics<NetworkMeters.Counter> {
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

    @Override
    public void bytesRead(NetworkMeters.Counter socketMetric, SocketAddress remoteAddress, long numberOfBytes) {
      (socketMetric != null ? socketMetric : counter(remoteAddress)).read.add(numberOfBytes);
    }

    @Override
    public void bytesWritten(NetworkMeters.Counter socketMetric, SocketAddress remoteAddress, long numberOfBytes) {
      (socketMetric != null ? socketMetric : counter(remoteAddress)).written.add(numberOfBytes);
    }
  }
}
