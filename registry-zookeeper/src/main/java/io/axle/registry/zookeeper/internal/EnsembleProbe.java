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
import java.util.concurrent.TimeUnit;

/**
 * Before ZooKeeper's client is started: whether any server of the ensemble could answer at all. With a
 * connect string nobody answers (a typo in a host or a port, an ensemble that is down), ZooKeeper's client
 * and Curator log a warning or an error with a stack trace for each attempt until the start gives up; probed
 * here instead, the start writes nothing while it waits and fails with one message naming each server's
 * problem. It still waits, up to {@code axle.registry.zookeeper.start-timeout}, since a refusal or a name that
 * does not resolve yet may be passing: an ensemble restarting, a fleet starting together, a pod whose DNS
 * name appears once it is ready. A server that does not answer the probe in time (a firewall dropping
 * packets, a slow network) may still answer ZooKeeper: then its client is started at once.
 */
final class EnsembleProbe {
  private static final int DEFAULT_PORT = 2181;
  /** How long between two probes of an ensemble nobody answered. */
  private static final long PAUSE_NANOS = TimeUnit.MILLISECONDS.toNanos(250);

  private EnsembleProbe() {
  }

  /**
   * Probes until a server accepts a connection (or may: it did not answer in time), or {@code deadline}
   * ({@link System#nanoTime()}) passes: empty in the first case, else the reasons of the last probe.
   */
  static Optional<String> awaitSomeoneThere(String connectString, Duration timeout, long deadline) {
    Optional<String> reasons = nobodyThere(connectString, timeout);
    while (reasons.isPresent() && deadline - System.nanoTime() > 0) {
      try {
        TimeUnit.NANOSECONDS.sleep(Math.min(PAUSE_NANOS, Math.max(1, deadline - System.nanoTime())));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return reasons;
      }
      reasons = nobodyThere(connectString, timeout);
    }
    return reasons;
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
      // host:port, [v6]:port, or a host alone (ZooKeeper's default port), as ZooKeeper reads them.
      int colon = hostPort.lastIndexOf(':');
      boolean hasPort = colon > 0 && (!hostPort.startsWith("[") || hostPort.charAt(colon - 1) == ']');
      String host = hasPort ? hostPort.substring(0, colon) : hostPort;
      host = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
      int port;
      try {
        port = hasPort ? Integer.parseInt(hostPort.substring(colon + 1)) : DEFAULT_PORT;
      } catch (NumberFormatException e) {
        return Optional.empty(); // not for the probe to judge: ZooKeeper's client will say what it makes of it
      }
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
