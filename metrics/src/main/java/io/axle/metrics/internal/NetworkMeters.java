package io.axle.metrics.internal;

import io.axle.metrics.NetworkStats;
import io.vertx.core.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Cumulative bytes read and written per transport, side and endpoint, fed by {@link NetworkMetricsFactory}
 * and drained into per-window rates on the clock thread. One per {@code AxleMetrics}: the runtimes it is
 * installed on add to the same counters (two runtimes of a process with the same key sum up).
 */
public final class NetworkMeters {
  /** Vert.x's protocol name of the TCP servers and clients under its HTTP server and client. */
  static final String HTTP_PROTOCOL = "http";
  public static final String HIGHWAY = "highway";
  public static final String REST = "rest";

  /** The counters of one key. The hot path adds to its adders; nothing else is touched per read. */
  public static final class Counter {
    public final String transport;
    public final String side;
    public final String endpoint;
    final LongAdder read = new LongAdder();
    final LongAdder written = new LongAdder();
    /** Connections open now: up when one connects, down when it closes. */
    final LongAdder open = new LongAdder();
    /** Clock thread only: the cumulative figures at the start of the current window. */
    private long readBase;
    private long writtenBase;

    public Counter(String transport, String side, String endpoint) {
      this.transport = transport;
      this.side = side;
      this.endpoint = endpoint;
    }

    public long bytesRead() {
      return read.sum();
    }

    public long bytesWritten() {
      return written.sum();
    }

    public long connections() {
      return Math.max(0, open.sum());
    }
  }

  private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();
  private volatile Consumer<Counter> onNew = counter -> { };

  /** Hears each new key once (to register its cumulative meters), and every key that exists already. */
  public synchronized void onNewCounter(Consumer<Counter> listener) {
    onNew = listener;
    counters.values().forEach(listener);
  }

  /**
   * The transport a Vert.x TCP server or client belongs to: {@code rest} for those under an HTTP server or
   * client (protocol {@code http}), {@code highway} for plain NetServers and NetClients.
   */
  static String transport(String protocol) {
    return protocol != null && protocol.startsWith(HTTP_PROTOCOL) ? REST : HIGHWAY;
  }

  /** {@code host:port} ({@code [v6]:port}), or the path of a domain socket; {@code unknown} for none. */
  static String endpoint(SocketAddress address) {
    if (address == null) {
      return "unknown";
    }
    if (!address.isInetSocket()) {
      return address.path() != null ? address.path() : address.toString();
    }
    String host = address.hostAddress() != null ? address.hostAddress() : address.host();
    if (host != null && host.indexOf(':') >= 0) {
      host = "[" + host + "]";
    }
    return host + ":" + address.port();
  }

  /** The counter of that key, created (and announced) on first use. Not on the per-read path. */
  Counter counter(String transport, String side, String endpoint) {
    String key = transport + ' ' + side + ' ' + endpoint;
    Counter counter = counters.get(key);
    if (counter != null) {
      return counter;
    }
    synchronized (this) {
      counter = counters.get(key);
      if (counter == null) {
        counter = new Counter(transport, side, endpoint);
        counters.put(key, counter);
        onNew.accept(counter);
      }
      return counter;
    }
  }

  /** A server bound to an ephemeral port, waiting for {@link #resolve} to learn that port. */
  private record Pending(String transport, String host, NetworkMetricsFactory.ServerMetrics server) {
  }

  private final List<Pending> pending = new ArrayList<>();

  synchronized void pending(String transport, SocketAddress address, NetworkMetricsFactory.ServerMetrics server) {
    pending.add(new Pending(transport, address.hostAddress() != null ? address.hostAddress() : address.host(),
        server));
  }

  /**
   * Names the servers of {@code transport} bound to an ephemeral port on {@code host} (Vert.x tells the SPI
   * an id, not the port): from now on they count under {@code host:port}, with what they counted so far.
   * A few bytes counted on another thread during the switch may be lost.
   */
  public synchronized void resolve(String transport, String host, int port) {
    for (java.util.Iterator<Pending> it = pending.iterator(); it.hasNext(); ) {
      Pending entry = it.next();
      if (entry.transport.equals(transport) && (host == null || host.equals(entry.host)
          || (entry.host != null && (entry.host.equals(endpointHost(host)) || isWildcard(entry.host))))) {
        it.remove();
        Counter provisional = entry.server.counter;
        Counter resolved = counter(transport, io.axle.metrics.NetworkStats.SERVER,
            endpoint(SocketAddress.inetSocketAddress(port, entry.host)));
        entry.server.counter = resolved;
        resolved.read.add(provisional.read.sum());
        resolved.written.add(provisional.written.sum());
        resolved.open.add(provisional.open.sum());
      }
    }
  }

  private static boolean isWildcard(String host) {
    return host.equals("0.0.0.0") || host.equals("::") || host.equals("0:0:0:0:0:0:0:0");
  }

  private static String endpointHost(String host) {
    try {
      return java.net.InetAddress.getByName(host).getHostAddress();
    } catch (java.net.UnknownHostException e) {
      return host;
    }
  }

  /** Starts a window now: what was counted before is not reported in it. Clock thread. */
  public void rebase() {
    for (Counter counter : counters.values()) {
      counter.readBase = counter.read.sum();
      counter.writtenBase = counter.written.sum();
    }
  }

  /**
   * The rates of the window that ends now, one row per key whose counters moved in it or that has connections
   * open (sorted by transport, side, endpoint), and starts the next. Clock thread.
   */
  public List<NetworkStats> close(double seconds) {
    List<NetworkStats> rows = new ArrayList<>();
    for (Counter counter : counters.values()) {
      long read = counter.read.sum();
      long written = counter.written.sum();
      long in = read - counter.readBase;
      long out = written - counter.writtenBase;
      counter.readBase = read;
      counter.writtenBase = written;
      long connections = counter.connections();
      if (in != 0 || out != 0 || connections != 0) {
        rows.add(new NetworkStats(counter.transport, counter.side, counter.endpoint,
            seconds > 0 ? in / seconds : 0, seconds > 0 ? out / seconds : 0, connections));
      }
    }
    rows.sort((a, b) -> {
      int order = a.transport().compareTo(b.transport());
      if (order == 0) {
        order = b.side().compareTo(a.side()); // server before client
      }
      return order != 0 ? order : a.endpoint().compareTo(b.endpoint());
    });
    return rows;
  }
}
