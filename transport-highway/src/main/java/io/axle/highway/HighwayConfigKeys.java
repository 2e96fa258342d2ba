package io.axle.highway;

import io.axle.config.ConfigKey;
import io.axle.config.HostAndPort;
import io.axle.highway.internal.Frames;
import java.time.Duration;
import java.util.List;

/** The configuration keys of the highway transport; defaults and meaning in docs/configuration.md. */
public final class HighwayConfigKeys {
  private static final int CORES = Runtime.getRuntime().availableProcessors();

  public static final ConfigKey<HostAndPort> ADDRESS = ConfigKey.addressKey("axle.highway.address",
      new HostAndPort("0.0.0.0", 7070), "Where the highway server listens (host:port; port 0 picks a free port).");

  public static final ConfigKey<Integer> SERVER_THREAD_COUNT = ConfigKey.intKey("axle.highway.server.thread-count",
      1, 1, 1024, "Event loops that accept, read, decode and write highway server connections.")
      .withDefault(() -> CORES, "the number of CPU cores");

  public static final ConfigKey<Integer> CLIENT_THREAD_COUNT = ConfigKey.intKey("axle.highway.client.thread-count",
      1, 1, 1024, "Client event loops; each holds one connection per provider endpoint.")
      .withDefault(() -> CORES, "the number of CPU cores");

  public static final ConfigKey<Integer> MAX_FRAME_SIZE = ConfigKey.intKey("axle.highway.max-frame-size",
      8 * 1024 * 1024, 1024, Frames.MAX_FRAME_SIZE_LIMIT,
      "The largest frame (fixed header + header + body, bytes) sent or accepted; a larger incoming frame closes its connection.");

  public static final ConfigKey<Duration> CLIENT_CONNECT_TIMEOUT = ConfigKey.durationKey(
      "axle.highway.client.connect-timeout", Duration.ofSeconds(3), Duration.ofMillis(1),
      "How long a client waits for a TCP connection to a provider before failing the calls queued on it.");

  public static final ConfigKey<Integer> MAX_HEADER_SIZE = ConfigKey.intKey("axle.highway.max-header-size",
      64 * 1024, 4096, Frames.MAX_FRAME_SIZE_LIMIT,
      "The largest header section (operation, status, message, context entries; bytes) sent or accepted. Judged from "
          + "the fixed header, so a larger incoming one closes its connection before a byte of it is buffered; a call "
          + "whose header would be larger fails before it is sent.");

  public static final ConfigKey<Integer> MAX_CONTEXT_ENTRIES = ConfigKey.intKey("axle.highway.max-context-entries",
      128, 0, 1_000_000,
      "Context entries one request may carry; a request with more is answered BAD_REQUEST (its connection stays), "
          + "a call with more fails before it is sent.");

  public static final ConfigKey<Integer> SERVER_MAX_CONNECTIONS = ConfigKey.intKey(
      "axle.highway.server.max-connections", 10_000, 1, 10_000_000,
      "Connections the highway server keeps open at once, over all its event loops; one accepted past it is closed "
          + "at once.");

  public static final ConfigKey<Integer> SERVER_MAX_CONCURRENT_PER_CONNECTION = ConfigKey.intKey(
      "axle.highway.server.max-concurrent-per-connection", 1000, 1, 10_000_000,
      "Requests of one connection that may be running, queued for their executor or answered and not yet written; "
          + "past it the server stops reading that connection until some are answered, so TCP pushes back on that "
          + "sender alone.");

  public static final ConfigKey<Integer> SERVER_MAX_UNREAD_BYTES = ConfigKey.intKey(
      "axle.highway.server.max-unread-bytes", 4 * 1024 * 1024, 64 * 1024, Integer.MAX_VALUE,
      "Answers written to one connection that its peer has not read yet, in bytes (what the socket does not take); "
          + "past it the server stops reading that connection until the peer reads.");

  public static final ConfigKey<Duration> SERVER_UNREAD_TIMEOUT = ConfigKey.durationKey(
      "axle.highway.server.unread-timeout", Duration.ofSeconds(30), Duration.ofMillis(1),
      "How long a connection may stay past axle.highway.server.max-unread-bytes, its peer reading nothing, before "
          + "the server closes it.");

  public static final ConfigKey<Duration> SERVER_IDLE_TIMEOUT = ConfigKey.durationKey(
      "axle.highway.server.idle-timeout", Duration.ofSeconds(60), Duration.ofMillis(1),
      "A connection with nothing read, written or in flight for this long is sent GOAWAY, so that its client closes "
          + "it; one still open and idle after as long again is closed.");

  static final List<ConfigKey<?>> ALL = List.of(ADDRESS, SERVER_THREAD_COUNT, CLIENT_THREAD_COUNT, MAX_FRAME_SIZE,
      CLIENT_CONNECT_TIMEOUT, MAX_HEADER_SIZE, MAX_CONTEXT_ENTRIES, SERVER_MAX_CONNECTIONS,
      SERVER_MAX_CONCURRENT_PER_CONNECTION, SERVER_MAX_UNREAD_BYTES, SERVER_UNREAD_TIMEOUT, SERVER_IDLE_TIMEOUT);

  private HighwayConfigKeys() {
  }
}
