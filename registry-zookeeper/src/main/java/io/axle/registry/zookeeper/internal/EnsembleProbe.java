package io.axle.registry.zookeeper.internal;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Before a start waits for the ensemble: whether any of its servers could answer at all. A connect string
 * with a typo (a host that does not resolve, a port nothing listens on) would otherwise have the start wait
 * {@code axle.registry.zookeeper.start-timeout} while ZooKeeper's client and Curator log a warning with a
 * stack trace for each attempt; refused at once, it fails the start at once with one message naming each
 * server's problem. A server that does not answer the probe in time (a firewall dropping packets, a slow
 * network) may still answer ZooKeeper: then the start waits as usual.
 */
final class EnsembleProbe {
  private EnsembleProbe() {
  }

  /**
   * Why no server of {@code connectString} can answer, one reason per server, when every one of them
   * certainly cannot; empty when one accepted a connection or may yet.
   */
  static Optional<String> nobodyThere(String connectString, Duration timeout) {
    int chroot = connectString.indexOf('/');
    String servers = chroot < 0 ? connectString : connectString.substring(0, chroot);
    List<String> reasons = new ArrayList<>();
    for (String server : servers.split(",")) {
      String hostPort = server.strip();
      int colon = hostPort.lastIndexOf(':');
      String host = colon < 0 ? hostPort : hostPort.substring(0, colon);
      int port = colon < 0 ? 2181 : Integer.parseInt(hostPort.substring(colon + 1));
      host = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
      Optional<String> reason = reason(hostPort, host, port, timeout);
      if (reason.isEmpty()) {
        return Optional.empty();
      }
      reasons.add(reason.get());
    }
    return Optional.of(String.join("; ", reasons));
  }

  /** Why this server certainly cannot answer, or empty when it accepted a connection or may yet. */
  private static Optional<String> reason(String server, String host, int port, Duration timeout) {
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(host);
    } catch (UnknownHostException e) {
      return Optional.of(server + ": unknown host " + host);
    }
    for (InetAddress address : addresses) {
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(address, port), Math.toIntExact(timeout.toMillis()));
        return Optional.empty();
      } catch (ConnectException e) {
        // Refused: nothing listens there. Another address of the name may still answer.
      } catch (IOException e) {
        return Optional.empty(); // no answer in time, no route: the network's to judge, not the probe's
      }
    }
    return Optional.of(server + " refused the connection (nothing listens there)");
  }
}
