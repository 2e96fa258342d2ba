package io.axle.perf;

import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeyProvider;
import java.time.Duration;
import java.util.List;

/**
 * The demo's own keys. They are top-level in {@code microservice.yaml} (not under {@code axle.}) because
 * the article's configurations spell them that way ({@code sync-count: 500}); like any key they can be
 * overridden with {@code --sync-count=50}. Declared as a {@link ConfigKeyProvider} so that tools listing
 * the known keys see them too.
 */
public final class PerfKeys implements ConfigKeyProvider {

  public static final ConfigKey<Boolean> SYNC = ConfigKey.booleanKey("sync", true,
      "Consumer: true drives load from sync-count blocking threads, false keeps async-count reactive calls outstanding.");

  public static final ConfigKey<Integer> SYNC_COUNT = ConfigKey.intKey("sync-count", 100, 1, Integer.MAX_VALUE,
      "Consumer: number of blocking caller threads when sync is true.");

  public static final ConfigKey<Integer> ASYNC_COUNT = ConfigKey.intKey("async-count", 100, 1, Integer.MAX_VALUE,
      "Consumer: number of outstanding reactive calls when sync is false.");

  public static final ConfigKey<Integer> REQUEST_SIZE = ConfigKey.intKey("request-size", 10, 0, Integer.MAX_VALUE,
      "Consumer: bytes of the message sent with each call.");

  public static final ConfigKey<Integer> RESPONSE_SIZE = ConfigKey.intKey("response-size", 0, 0, Integer.MAX_VALUE,
      "Producer: bytes of every answer; 0 echoes the request back.");

  public static final ConfigKey<Duration> DURATION = ConfigKey.durationKey("duration", Duration.ofSeconds(30),
      "Consumer: how long to measure after the warm-up; 0 runs until interrupted.");

  public static final ConfigKey<Duration> WARMUP = ConfigKey.durationKey("warmup", Duration.ofSeconds(5),
      "Consumer: how long to drive load before measuring; its windows are printed but left out of the summary.");

  public static final ConfigKey<String> JSON = ConfigKey.stringKey("json", null,
      "Consumer: file to write the machine-readable result to; none by default.");

  public static final ConfigKey<Boolean> LOOPBACK = ConfigKey.booleanKey("loopback", false,
      "Start a producer as a child process and drive it from this one (--loopback).");

  public static final ConfigKey<Boolean> PROXY = ConfigKey.booleanKey("proxy", false,
      "Run a proxy (--proxy): a producer serving PerfService as perf-proxy that forwards every call to proxy.target.");

  public static final ConfigKey<String> PROXY_TARGET = ConfigKey.stringKey("proxy.target", "perf1",
      "Proxy: the downstream service each call is forwarded to; its endpoints are axle.registry.local.<proxy.target>.");

  private static final List<ConfigKey<?>> KEYS = List.of(SYNC, SYNC_COUNT, ASYNC_COUNT, REQUEST_SIZE, RESPONSE_SIZE,
      DURATION, WARMUP, JSON, LOOPBACK, PROXY, PROXY_TARGET);

  /** Public for {@link java.util.ServiceLoader}; the keys themselves are the constants. */
  public PerfKeys() {
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return KEYS;
  }
}
