package io.axle.rest;

import io.axle.config.ConfigKey;
import io.axle.config.HostAndPort;
import java.time.Duration;
import java.util.List;

/** The configuration keys of the REST transport; defaults and meaning in docs/configuration.md. */
public final class RestConfigKeys {
  private static final int CORES = Runtime.getRuntime().availableProcessors();

  public static final ConfigKey<HostAndPort> ADDRESS = ConfigKey.addressKey("axle.rest.address",
      new HostAndPort("0.0.0.0", 8080), "Where the REST server listens (host:port; port 0 picks a free port).");

  public static final ConfigKey<Integer> SERVER_THREAD_COUNT = ConfigKey.intKey("axle.rest.server.thread-count",
      1, 1, 1024, "Event loops that accept, read, decode and write REST server connections.")
      .withDefault(() -> CORES, "the number of CPU cores");

  public static final ConfigKey<Integer> SERVER_MAX_BODY_SIZE = ConfigKey.intKey("axle.rest.server.max-body-size",
      10 * 1024 * 1024, 1, Integer.MAX_VALUE, "The largest request body accepted, in bytes; a larger one is answered 413.");

  public static final ConfigKey<Duration> SERVER_IDLE_TIMEOUT = ConfigKey.durationKey("axle.rest.server.idle-timeout",
      Duration.ofSeconds(60), Duration.ofSeconds(1),
      "A server connection with no bytes read or written for this long is closed, cutting off clients that stall mid-request.");

  public static final ConfigKey<Integer> SERVER_MAX_CONNECTIONS = ConfigKey.intKey("axle.rest.server.max-connections",
      10_000, 1, 10_000_000,
      "Connections the REST server keeps open at once, over all its event loops; one accepted past it is closed at once.");

  public static final ConfigKey<Integer> SERVER_MAX_HEADER_SIZE = ConfigKey.intKey("axle.rest.server.max-header-size",
      8192, 1024, 1024 * 1024,
      "The largest request header section, in bytes (HTTP/1.1 header lines; HTTP/2 header list); a larger one is answered 431.");

  public static final ConfigKey<Integer> SERVER_MAX_CONCURRENT_STREAMS = ConfigKey.intKey(
      "axle.rest.server.max-concurrent-streams", 100, 1, Integer.MAX_VALUE,
      "HTTP/2 requests one connection may have open at once (the SETTINGS_MAX_CONCURRENT_STREAMS the server announces).");

  public static final ConfigKey<Integer> SERVER_PIPELINING_LIMIT = ConfigKey.intKey(
      "axle.rest.server.pipelining-limit", 32, 1, 10_000,
      "Requests of one HTTP/1.1 connection served at once when its client pipelines them, answered in order; "
          + "1 serves them one after another.");

  public static final ConfigKey<Integer> CLIENT_THREAD_COUNT = ConfigKey.intKey("axle.rest.client.thread-count",
      1, 1, 1024, "REST clients, each on its own event loop with its own connection pool.")
      .withDefault(() -> CORES, "the number of CPU cores");

  public static final ConfigKey<Integer> CLIENT_MAX_POOL_SIZE = ConfigKey.intKey(
      "axle.rest.client.connection.maxPoolSize", 5, 1, 10_000,
      "HTTP/1.1 connections each REST client keeps to each provider endpoint. Changed live, it applies to the "
          + "connections made after the change (docs/live-configuration.md).").live();

  public static final ConfigKey<Integer> CLIENT_MAX_WAIT_QUEUE_SIZE = ConfigKey.intKey(
      "axle.rest.client.connection.max-wait-queue-size", 10_000, 1, Integer.MAX_VALUE,
      "Requests each REST client lets wait for a free connection; past it a call fails at once.").live();

  public static final ConfigKey<Duration> CLIENT_CONNECT_TIMEOUT = ConfigKey.durationKey(
      "axle.rest.client.connect-timeout", Duration.ofSeconds(3), Duration.ofMillis(1),
      "How long a REST client waits for a TCP connection to a provider.").live();

  public static final ConfigKey<Duration> CLIENT_KEEP_ALIVE_TIMEOUT = ConfigKey.durationKey(
      "axle.rest.client.keep-alive-timeout", Duration.ofSeconds(30), Duration.ofSeconds(1),
      "A pooled connection idle this long is closed by the client; keep it below the server's idle timeout.")
      .live();

  public static final ConfigKey<String> CLIENT_PROTOCOL = ConfigKey.choiceKey("axle.rest.client.protocol", "http1",
      "HTTP version the client speaks: http1 (HTTP/1.1 keep-alive) or h2c (cleartext HTTP/2, prior knowledge).",
      "http1", "h2c");

  public static final ConfigKey<Boolean> CLIENT_PIPELINING = ConfigKey.booleanKey("axle.rest.client.pipelining", false,
      "HTTP/1.1 pipelining: a connection carries the next request before the answer to the one before it arrived.")
      .live();

  public static final ConfigKey<Integer> CLIENT_PIPELINING_LIMIT = ConfigKey.intKey(
      "axle.rest.client.pipelining-limit", 10, 1, 10_000,
      "With axle.rest.client.pipelining, the most requests one HTTP/1.1 connection carries unanswered at once.")
      .live();

  static final List<ConfigKey<?>> ALL = List.of(ADDRESS, SERVER_THREAD_COUNT, SERVER_MAX_BODY_SIZE,
      SERVER_IDLE_TIMEOUT, SERVER_MAX_CONNECTIONS, SERVER_MAX_HEADER_SIZE, SERVER_MAX_CONCURRENT_STREAMS,
      SERVER_PIPELINING_LIMIT, CLIENT_THREAD_COUNT, CLIENT_MAX_POOL_SIZE, CLIENT_MAX_WAIT_QUEUE_SIZE,
      CLIENT_CONNECT_TIMEOUT, CLIENT_KEEP_ALIVE_TIMEOUT, CLIENT_PROTOCOL, CLIENT_PIPELINING, CLIENT_PIPELINING_LIMIT);

  private RestConfigKeys() {
  }
}
