package io.axle.registry.zookeeper.internal;

import io.axle.config.AxleConfig;
import io.axle.registry.zookeeper.ZooKeeperKeys;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * The Curator clients of one process, made from the same keys: the registry's and the configuration watch's
 * (each a session of its own on the ensemble) must agree on the ensemble, the timeouts and the retries, and
 * fail a start that cannot reach ZooKeeper in the same words.
 */
final class ZooKeeperClients {
  /** How long the start's probe of each server waits for its connection ({@link EnsembleProbe}). */
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(1);

  private ZooKeeperClients() {
  }

  /**
   * A client of the ensemble {@code axle.registry.zookeeper.connect-string} names, not started (a caller adds its
   * connection listeners first, so that it hears of every state), made once a server of the ensemble may answer
   * ({@link EnsembleProbe}) or {@code deadline} ({@link System#nanoTime()}) passes. Not before: making one already
   * logs (Curator warns of a session timeout below the connection timeout), and a start that cannot reach
   * ZooKeeper writes nothing but its one failure.
   *
   * @throws IllegalStateException naming the key and the address when no server could answer all that time, with
   *     each server's problem (every host unknown or refusing connections)
   */
  static CuratorFramework newClient(AxleConfig config, long deadline) {
    return newClient(config, deadline, null);
  }

  /**
   * As {@link #newClient(AxleConfig, long)}, notifying the listeners of its recipes on {@code notifier}: left to
   * itself, Curator makes a thread for that which outlives the client. Null takes Curator's.
   */
  static CuratorFramework newClient(AxleConfig config, long deadline, java.util.concurrent.Executor notifier) {
    String connectString = config.get(ZooKeeperKeys.CONNECT_STRING);
    Duration connectionTimeout = config.get(ZooKeeperKeys.CONNECTION_TIMEOUT);
    EnsembleProbe.awaitSomeoneThere(connectString,
        connectionTimeout.compareTo(PROBE_TIMEOUT) < 0 ? connectionTimeout : PROBE_TIMEOUT, deadline)
        .ifPresent(reasons -> {
          throw new IllegalStateException(ZooKeeperKeys.CONNECT_STRING.name() + ": " + connectString
              + " (expected: a ZooKeeper ensemble that answers; for " + ZooKeeperKeys.START_TIMEOUT.name() + " = "
              + config.get(ZooKeeperKeys.START_TIMEOUT).toMillis() + " ms, " + reasons + ") — "
              + config.origin(ZooKeeperKeys.CONNECT_STRING.name()));
        });
    CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
        .connectString(connectString)
        .sessionTimeoutMs(Math.toIntExact(config.get(ZooKeeperKeys.SESSION_TIMEOUT).toMillis()))
        .connectionTimeoutMs(Math.toIntExact(connectionTimeout.toMillis()))
        .retryPolicy(new ExponentialBackoffRetry(
            Math.toIntExact(config.get(ZooKeeperKeys.RETRY_BASE_SLEEP).toMillis()),
            config.get(ZooKeeperKeys.RETRY_MAX_RETRIES)));
    if (notifier != null) {
      builder.runSafeService(notifier);
    }
    return builder.build();
  }

  /**
   * Starts {@code client} and waits for its session until {@code deadline} ({@link System#nanoTime()}).
   *
   * @throws IllegalStateException naming the key and the address when no server answered by then; the client
   *     is closed
   */
  static void start(CuratorFramework client, AxleConfig config, long deadline) {
    String connectString = config.get(ZooKeeperKeys.CONNECT_STRING);
    Duration startTimeout = config.get(ZooKeeperKeys.START_TIMEOUT);
    client.start();
    boolean connected;
    try {
      long left = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
      connected = client.blockUntilConnected(Math.toIntExact(left), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      connected = false;
    }
    if (!connected) {
      client.close();
      throw new IllegalStateException(ZooKeeperKeys.CONNECT_STRING.name() + ": " + connectString
          + " (expected: a ZooKeeper ensemble that answers; none did within "
          + ZooKeeperKeys.START_TIMEOUT.name() + " = " + startTimeout.toMillis() + " ms) — "
          + config.origin(ZooKeeperKeys.CONNECT_STRING.name()));
    }
  }
}
