package io.axle.perf.consumer;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigKey;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfKeys;
import io.axle.perf.payload.Payloads;
import io.axle.perf.PerfService;
import io.axle.perf.baseline.Baseline;
import io.axle.perf.report.TextReport;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The consumer's settings, all parsed before anything starts so that a bad value costs no waiting and
 * its message names the key, the value and where it came from.
 *
 * @param virtualCallers {@code sync.threads: virtual}: the blocking callers are virtual threads
 * @param json where to write the JSON result, or null
 * @param report where to write the HTML report, or null
 * @param transport the transport the calls to {@code perf1} really use, resolved as core resolves it
 * @param openLoop the fixed rate to send at, or null for the closed loop of {@code sync} / {@code sync-count} /
 *     {@code async-count}; when set it wins over those (they stay in the jar's defaults, so an error would
 *     fire on every open-loop run), and the start line says they do not apply
 * @param longTail the share of calls made to {@code sleepEcho} instead of {@code echo}
 * @param echoDelayMs {@code echo.delay}: when above 0, the normal calls are {@code sleepEcho} with it too
 * @param payload {@code payload}: {@code string}, or the POJO the normal calls carry ({@code pojo-1k}, {@code pojo-64k})
 * @param rawRestClient {@code rest.client: raw}: Axle's REST server is driven by the raw HTTP client, not Axle's
 * @param warmupMax {@code warmup.max}: zero for a warm-up of {@code warmup} exactly; else the longest warm-up, which
 *     ends once the windows settle
 */
public record ConsumerSettings(boolean sync, int syncCount, boolean virtualCallers, int asyncCount, int requestSize,
    Duration duration, Duration warmup, Duration window, Path json, String transport, OpenLoop openLoop, LongTail longTail,
    Path report, int echoDelayMs, String payload, boolean rawRestClient, Duration warmupMax) {

  /** {@code rps} and {@code rps.max-in-flight}. */
  public record OpenLoop(int rps, int maxInFlight) {
  }

  /** {@code long-tail.ratio} and {@code long-tail.delay}, the latter in the milliseconds sleepEcho takes. */
  public record LongTail(double ratio, int delayMs) {

    /** True when some calls go to {@code sleepEcho}. */
    public boolean active() {
      return ratio > 0;
    }
  }

  /** The operation whose transport is reported: the one the driver calls. */
  static final String OPERATION = "echo";

  /**
   * @throws ConfigException naming the first bad key
   */
  public static ConsumerSettings from(AxleConfig config) {
    return new ConsumerSettings(
        config.get(PerfKeys.SYNC),
        config.get(PerfKeys.SYNC_COUNT),
        config.get(PerfKeys.SYNC_THREADS).equals("virtual"),
        config.get(PerfKeys.ASYNC_COUNT),
        config.get(PerfKeys.REQUEST_SIZE),
        config.get(PerfKeys.DURATION),
        config.get(PerfKeys.WARMUP),
        config.get(CoreConfigKeys.METRICS_WINDOW_TIME),
        outputPath(config, PerfKeys.JSON),
        transport(config),
        openLoop(config),
        longTail(config),
        outputPath(config, PerfKeys.REPORT),
        echoDelayMs(config),
        config.get(PerfKeys.PAYLOAD),
        // The raw echoes are always driven by the raw clients: the key is about Axle's REST server only.
        rawRestClient(config) && !config.get(PerfKeys.BASELINE) && !config.get(PerfKeys.BASELINE_REST),
        warmupMax(config));
  }

  /** {@code warmup.max}: 0, or at least the warm-up it extends. */
  private static Duration warmupMax(AxleConfig config) {
    Duration max = config.get(PerfKeys.WARMUP_MAX);
    Duration warmup = config.get(PerfKeys.WARMUP);
    if (!max.isZero() && max.compareTo(warmup) < 0) {
      throw new ConfigException(PerfKeys.WARMUP_MAX.name() + ": " + TextReport.duration(max) + " (expected: 0s, or at "
          + "least warmup: " + TextReport.duration(warmup) + ", the warm-up it may extend until the windows settle) — "
          + config.origin(PerfKeys.WARMUP_MAX.name()));
    }
    return max;
  }

  /**
   * Axle's transport as core resolves it, or the raw echo {@code --baseline} / {@code --baseline-rest} asks for;
   * the raw echoes have no {@code sleepEcho}, so a long-tail share with them is refused here.
   */
  private static String transport(AxleConfig config) {
    boolean tcp = config.get(PerfKeys.BASELINE);
    boolean rest = config.get(PerfKeys.BASELINE_REST);
    if (tcp && rest) {
      throw new ConfigException(PerfKeys.BASELINE.name() + ", " + PerfKeys.BASELINE_REST.name()
          + ": both true (expected: one of them; --compare=baseline or --compare=baseline-rest runs each against Axle) — "
          + config.origin(PerfKeys.BASELINE.name()) + ", " + config.origin(PerfKeys.BASELINE_REST.name()));
    }
    if (!tcp && !rest) {
      String transport = config.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT, PerfService.SERVICE_NAME,
          PerfService.SCHEMA_ID, OPERATION);
      if (rawRestClient(config)) {
        if (!RAW_CLIENT_TRANSPORT.equals(transport)) {
          throw new ConfigException(PerfKeys.REST_CLIENT.name() + ": raw with the calls over " + transport
              + " (expected: rest.client: raw only for calls over rest; set "
              + CoreConfigKeys.REFERENCES_TRANSPORT.name() + ": rest or drop rest.client) — "
              + config.origin(PerfKeys.REST_CLIENT.name()));
        }
        refuseSleepEcho(config, PerfKeys.REST_CLIENT.name() + "=raw");
      }
      return transport;
    }
    String flag = tcp ? PerfKeys.BASELINE.name() : PerfKeys.BASELINE_REST.name();
    refuseSleepEcho(config, flag);
    return tcp ? Baseline.TCP : Baseline.REST;
  }

  /** The transport whose server {@code rest.client: raw} drives. */
  private static final String RAW_CLIENT_TRANSPORT = "rest";

  private static boolean rawRestClient(AxleConfig config) {
    return "raw".equals(config.get(PerfKeys.REST_CLIENT));
  }

  /** The raw clients call {@code echo} (or {@code echoOrder}) only; a share of {@code sleepEcho} is refused. */
  private static void refuseSleepEcho(AxleConfig config, String flag) {
    if (config.get(PerfKeys.LONG_TAIL_RATIO) > 0) {
      throw new ConfigException(PerfKeys.LONG_TAIL_RATIO.name() + ": "
          + config.getRaw(PerfKeys.LONG_TAIL_RATIO.name()).orElse("") + " with --" + flag
          + " (expected: 0: the raw client calls no sleepEcho; drop long-tail.ratio or --" + flag + ") — "
          + config.origin(PerfKeys.LONG_TAIL_RATIO.name()));
    }
    if (!config.get(PerfKeys.ECHO_DELAY).isZero()) {
      throw new ConfigException(PerfKeys.ECHO_DELAY.name() + ": "
          + config.getRaw(PerfKeys.ECHO_DELAY.name()).orElse("") + " with --" + flag
          + " (expected: 0: the raw client calls no sleepEcho; drop echo.delay or --" + flag + ") — "
          + config.origin(PerfKeys.ECHO_DELAY.name()));
    }
  }

  /** {@code sync}, {@code async}, or {@code open} when {@code rps} is set. */
  public String mode() {
    return openLoop != null ? "open" : sync ? (virtualCallers ? "sync-virtual" : "sync") : "async";
  }

  /** Calls in flight at any time: the callers of the selected mode; in open loop, the most allowed. */
  public int concurrency() {
    return openLoop != null ? openLoop.maxInFlight() : sync ? syncCount : asyncCount;
  }

  private static OpenLoop openLoop(AxleConfig config) {
    Integer rps = config.get(PerfKeys.RPS);
    int maxInFlight = config.get(PerfKeys.RPS_MAX_IN_FLIGHT); // checked even without rps: a typo shows at once
    return rps == null ? null : new OpenLoop(rps, maxInFlight);
  }

  private static LongTail longTail(AxleConfig config) {
    double ratio = config.get(PerfKeys.LONG_TAIL_RATIO);
    Duration delay = config.get(PerfKeys.LONG_TAIL_DELAY);
    // sleepEcho takes an int of milliseconds; Durations are whole milliseconds already.
    if (delay.toMillis() > Integer.MAX_VALUE) {
      throw new ConfigException(PerfKeys.LONG_TAIL_DELAY.name() + ": " + config.getRaw(PerfKeys.LONG_TAIL_DELAY.name())
          .orElse(delay.toString()) + " (expected: at most " + Integer.MAX_VALUE + "ms) — from "
          + config.sourceOf(PerfKeys.LONG_TAIL_DELAY.name()));
    }
    return new LongTail(ratio, (int) delay.toMillis());
  }

  private static int echoDelayMs(AxleConfig config) {
    Duration delay = config.get(PerfKeys.ECHO_DELAY);
    if (!delay.isZero() && !config.get(PerfKeys.PAYLOAD).equals(Payloads.STRING)) {
      throw new ConfigException(PerfKeys.PAYLOAD.name() + ": " + config.get(PerfKeys.PAYLOAD) + " with "
          + PerfKeys.ECHO_DELAY.name() + " " + config.getRaw(PerfKeys.ECHO_DELAY.name()).orElse("")
          + " (expected: payload string, or no echo.delay: every call is then a sleepEcho string and no order "
          + "would be sent) — from " + config.sourceOf(PerfKeys.PAYLOAD.name()));
    }
    if (delay.toMillis() > Integer.MAX_VALUE || (!delay.isZero() && delay.toMillis() == 0)) {
      throw new ConfigException(PerfKeys.ECHO_DELAY.name() + ": " + config.getRaw(PerfKeys.ECHO_DELAY.name())
          .orElse(delay.toString()) + " (expected: 0, or whole milliseconds from 1ms to " + Integer.MAX_VALUE
          + "ms: sleepEcho takes milliseconds) — from " + config.sourceOf(PerfKeys.ECHO_DELAY.name()));
    }
    return (int) delay.toMillis();
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
