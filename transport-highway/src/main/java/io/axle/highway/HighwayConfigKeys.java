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

  static final List<ConfigKey<?>> ALL = List.of(ADDRESS, SERVER_THREAD_COUNT, CLIENT_THREAD_COUNT, MAX_FRAME_SIZE,
      CLIENT_CONNECT_TIMEOUT);

  private HighwayConfigKeys() {
  }
}
