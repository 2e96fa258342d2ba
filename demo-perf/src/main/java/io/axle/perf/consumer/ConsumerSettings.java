package io.axle.perf.consumer;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigKey;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfService;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The consumer's settings, all parsed before anything starts so that a bad value costs no waiting and
 * its message names the key, the value and where it came from.
 *
 * @param json where to write the JSON result, or null
 * @param report where to write the HTML report, or null
 * @param transport the transport the calls to {@code perf1} really use, resolved as core resolves it
 */
public record ConsumerSettings(boolean sync, int syncCount, int asyncCount, int requestSize, Duration duration,
    Duration warmup, Duration window, Path json, String transport, Path report) {

  /** The operation whose transport is reported: the one the driver calls. */
  static final String OPERATION = "echo";

  /**
   * @throws ConfigException naming the first bad key
   */
  public static ConsumerSettings from(AxleConfig config) {
    return new ConsumerSettings(
        config.get(PerfKeys.SYNC),
        config.get(PerfKeys.SYNC_COUNT),
        config.get(PerfKeys.ASYNC_COUNT),
        config.get(PerfKeys.REQUEST_SIZE),
        config.get(PerfKeys.DURATION),
        config.get(PerfKeys.WARMUP),
        config.get(CoreConfigKeys.METRICS_WINDOW_TIME),
        outputPath(config, PerfKeys.JSON),
        config.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT, PerfService.SERVICE_NAME, PerfService.SCHEMA_ID,
            OPERATION),
        outputPath(config, PerfKeys.REPORT));
  }

  /** {@code sync} or {@code async}. */
  public String mode() {
    return sync ? "sync" : "async";
  }

  /** Calls in flight at any time: the callers of the selected mode. */
  public int concurrency() {
    return sync ? syncCount : asyncCount;
  }

  /** True when {@code duration} is 0: measure until interrupted. */
  public boolean untilInterrupted() {
    return duration.isZero();
  }

  /** Checked now rather than after a 30 s run, which would then be lost for want of a directory. */
  private static Path outputPath(AxleConfig config, ConfigKey<String> key) {
    String text = config.get(key);
    if (text == null) {
      return null;
    }
    try {
      Path path = Path.of(text).toAbsolutePath();
      if (!text.isBlank() && path.getParent() != null && Files.isDirectory(path.getParent())
          && !Files.isDirectory(path)) {
        return path;
      }
    } catch (InvalidPathException e) {
      // reported below like any other unusable path
    }
    throw new ConfigException(key.name() + ": " + text
        + " (expected: a file path in an existing directory) — from " + config.sourceOf(key.name()));
  }
}
