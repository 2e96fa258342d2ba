package io.axle.registry.zookeeper;

import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeyProvider;
import java.time.Duration;
import java.util.List;

/** The keys of the ZooKeeper registry, read when {@code axle.registry.type} is {@code zookeeper}. */
public final class ZooKeeperKeys implements ConfigKeyProvider {

  public static final ConfigKey<String> CONNECT_STRING = ConfigKey.custom(
      "axle.registry.zookeeper.connect-string", "127.0.0.1:2181",
      "a comma-separated list of host:port, e.g. zk1:2181,zk2:2181,zk3:2181",
      ZooKeeperKeys::connectString,
      "The ZooKeeper ensemble to register in and watch, as host:port pairs separated by commas.");

  public static final ConfigKey<String> ROOT = ConfigKey.custom(
      "axle.registry.zookeeper.root", "/axle",
      "an absolute ZooKeeper path without a trailing slash, e.g. /axle",
      ZooKeeperKeys::root,
      "The path under which Axle keeps its nodes, so that several systems or environments can share one "
          + "ensemble.");

  public static final ConfigKey<Duration> SESSION_TIMEOUT = ConfigKey.durationKey(
      "axle.registry.zookeeper.session-timeout", Duration.ofSeconds(15), Duration.ofMillis(100),
      "How long ZooKeeper keeps this process's session (and so a provider's entry) once it stops hearing "
          + "from it; the server bounds it to 2 to 20 ticks.");

  public static final ConfigKey<Duration> CONNECTION_TIMEOUT = ConfigKey.durationKey(
      "axle.registry.zookeeper.connection-timeout", Duration.ofSeconds(5), Duration.ofMillis(100),
      "How long one attempt to connect to a server of the ensemble may take.");

  public static final ConfigKey<Duration> START_TIMEOUT = ConfigKey.durationKey(
      "axle.registry.zookeeper.start-timeout", Duration.ofSeconds(10), Duration.ofMillis(100),
      "How long start-up waits for ZooKeeper (the first connection, a registration, a service's first list) "
          + "before it fails naming the address.");

  public static final ConfigKey<Duration> RETRY_BASE_SLEEP = ConfigKey.durationKey(
      "axle.registry.zookeeper.retry.base-sleep", Duration.ofMillis(100), Duration.ofMillis(1),
      "The first pause before Curator retries a ZooKeeper operation that failed on a lost connection; it "
          + "grows exponentially.");

  public static final ConfigKey<Integer> RETRY_MAX_RETRIES = ConfigKey.intKey(
      "axle.registry.zookeeper.retry.max-retries", 5, 0, 29,
      "How many times Curator retries such an operation before it fails.");

  /**
   * Read once at start, as the registry's keys are: whether a running service takes its configuration from
   * ZooKeeper is how it was deployed, not a setting to change under it (turned off live, the source that
   * turned it off would be the one it stops hearing).
   */
  public static final ConfigKey<Boolean> CONFIG_ENABLED = ConfigKey.booleanKey(
      "axle.registry.zookeeper.config.enabled", true,
      "Watches the service's configuration nodes in ZooKeeper (<root>/config/<service> for every instance, "
          + "<root>/config/<service>/instances/<instance id> for one) and applies what they hold to the running "
          + "service, so that a fleet is reconfigured with one write; false leaves them unread.");

  private static final List<ConfigKey<?>> KEYS = List.of(CONNECT_STRING, ROOT, SESSION_TIMEOUT, CONNECTION_TIMEOUT,
      START_TIMEOUT, RETRY_BASE_SLEEP, RETRY_MAX_RETRIES, CONFIG_ENABLED);

  /** Public for {@link java.util.ServiceLoader}; the keys themselves are the constants. */
  public ZooKeeperKeys() {
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return KEYS;
  }

  private static String connectString(String text) {
    String trimmed = text.strip();
    if (trimmed.isEmpty()) {
      throw new IllegalArgumentException("empty");
    }
    // An optional chroot after the last server, like ZooKeeper's own connect strings; the root key is clearer.
    String servers = trimmed.contains("/") ? trimmed.substring(0, trimmed.indexOf('/')) : trimmed;
    for (String server : servers.split(",")) {
      String s = server.strip();
      int colon = s.lastIndexOf(':');
      if (colon <= 0 || colon == s.length() - 1) {
        throw new IllegalArgumentException(s);
      }
      int port = Integer.parseInt(s.substring(colon + 1));
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException(s);
      }
    }
    return trimmed;
  }

  private static String root(String text) {
    String path = text.strip();
    if (!path.startsWith("/") || (path.length() > 1 && path.endsWith("/")) || path.contains("//")) {
      throw new IllegalArgumentException(path);
    }
    org.apache.zookeeper.common.PathUtils.validatePath(path);
    return path;
  }
}
