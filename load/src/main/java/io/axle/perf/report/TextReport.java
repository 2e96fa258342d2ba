package io.axle.perf.report;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/** The human-readable output: one fixed-width line per window, so columns line up, and the summary. */
public final class TextReport {

  private TextReport() {
  }

  /**
   * e.g. {@code [   3s] tps=  41234 avg= 2.31ms p99= 5.10ms max= 12.40ms errors=0}; an open-loop window adds
   * {@code late=N}, its requests that could not be sent on time.
   */
  public static String windowLine(WindowStats window) {
    Latency latency = window.latency();
    return String.format(Locale.ROOT, "[%6s] tps=%7.0f avg=%6.2fms p99=%6.2fms max=%7.2fms errors=%d%s%s%s%s",
        seconds(window.endSeconds()), window.tps(), latency.avg(), latency.p99(), latency.max(), window.errors(),
        window.late() != WindowStats.NOT_COUNTED ? " late=" + window.late() : "",
        Double.isFinite(window.consumerCpuPercent())
            ? String.format(Locale.ROOT, " cpu=%.0f%%", window.consumerCpuPercent()) : "",
        Double.isFinite(window.producerCpuPercent())
            ? String.format(Locale.ROOT, " producer_cpu=%.0f%%", window.producerCpuPercent()) : "",
        window.warmup() ? " (warm-up)" : "");
  }

  /**
   * The provider's figures under a consumer window line, e.g. {@code         provider: tps=  41200
   * avg=  0.31ms p99=  1.90ms queue=  0.20ms execute=  0.01ms  gap avg=  1.33ms}, gap being the consumer
   * window's average minus the provider's. A stage the provider did not report reads {@code -}.
   */
  public static String providerLine(ProviderWindow provider, double consumerAvgMs) {
    return String.format(Locale.ROOT, "%8s provider: tps=%7.0f avg=%6.2fms p99=%6.2fms queue=%s execute=%s  gap avg=%6.2fms",
        "", provider.tps(), provider.avgMs(), provider.p99Ms(), stageMs(provider.queueUs()),
        stageMs(provider.executeUs()), consumerAvgMs - provider.avgMs());
  }

  /**
   * The consumer process's own figures under a measured window's lines, e.g. {@code         consumer:
   * os_cpu= 99% threads=  31 in_flight=100 | µs: prepare 1.0 encode 2.1 connection 40.0 send 3.2 wait 700.5
   * decode 0.9 | connections highway 127.0.0.1:7070=4}: the stages of Axle's consumer row, in µs since most are a
   * few. Without that row (consumer metrics off, a raw client) the stages read {@code stages: none (…)}.
   */
  public static String consumerLine(ConsumerWindow consumer) {
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "%8s consumer: os_cpu=%s threads=%4d in_flight=%d |",
        "", percentOrDash(consumer.osCpuPercent()), consumer.threads(), consumer.inFlight()));
    if (consumer.hasStages()) {
      line.append(" µs:");
      consumer.stagesUs().forEach((name, us) -> line.append(String.format(Locale.ROOT, " %s %.1f", name, us)));
    } else {
      line.append(" stages: none (no consumer row in Axle's latest window: consumer.metrics off, or a raw client)");
    }
    appendCounts(line, " | connections", consumer.connections());
    appendCounts(line, " | in flight", consumer.inFlightByEndpoint());
    return line.toString();
  }

  /**
   * The gap of a window (or of the run) in its parts, e.g. {@code         gap parts: caller 0.02ms + consumer
   * 0.09ms + outside both 0.60ms (wait 0.70ms - provider avg 0.10ms)}.
   */
  public static String gapPartsLine(ConsumerWindow.GapParts parts, double waitMs, double providerAvgMs) {
    return String.format(Locale.ROOT, "%8s gap parts: caller %.2fms + consumer %.2fms + outside both %.2fms (wait %.2fms"
        + " - provider avg %.2fms)", "", parts.callerMs(), parts.consumerMs(), parts.outsideMs(), waitMs, providerAvgMs);
  }

  /** {@code label endpoint=count …}, nothing for no counts. */
  private static void appendCounts(StringBuilder line, String label, Map<String, ? extends Number> counts) {
    if (!counts.isEmpty()) {
      line.append(label);
      counts.forEach((endpoint, count) -> line.append(' ').append(endpoint).append('=').append(count));
    }
  }

  private static String percentOrDash(double percent) {
    return Double.isFinite(percent) ? String.format(Locale.ROOT, "%3.0f%%", percent) : "   -";
  }

  /** A line under a consumer window line when the provider had no figures for it, e.g. no window yet. */
  public static String providerNote(String note) {
    return String.format(Locale.ROOT, "%8s provider: %s", "", note);
  }

  public static String summary(RunResult result) {
    String summary = consumerSummary(result) + openLoopAndLongTail(result);
    if (result.cpu() != null) {
      summary += System.lineSeparator() + cpuLine(result.cpu(), result.durationSeconds());
    }
    if (result.consumer() != null) {
      summary += System.lineSeparator() + consumerSummary(result.consumer(), result.windows().size());
    }
    ProviderSummary p = result.provider();
    if (p == null) {
      return summary;
    }
    ConsumerWindow.GapParts parts = result.gapParts();
    return String.join(System.lineSeparator(), summary,
        String.format(Locale.ROOT, "  provider    : avg=%.3f p99=%.3f queue=%s execute=%s (ms; mean over %d fetched"
            + " windows, weighted by count; tps=%.1f)", p.avgMs(), p.p99Ms(), stageMs3(p.queueUs()),
            stageMs3(p.executeUs()), p.windows(), p.tps()),
        String.format(Locale.ROOT, "  gap avg     : %.3f ms (consumer avg - provider avg: network, event loops, queues)",
            result.gapAvgMs())
            + (parts == null ? "" : String.format(Locale.ROOT, "%n  gap parts   : caller %.3f + consumer %.3f + outside "
                + "both %.3f ms (the caller's own hand-offs; Axle's consumer stages but wait; wait - provider avg:"
                + " the network and both sides' event loops)", parts.callerMs(), parts.consumerMs(), parts.outsideMs())));
  }

  /**
   * e.g. {@code   consumer    : os cpu 99%, threads 31, in flight 100; stages µs: prepare=1.0 … (Axle's consumer
   * row, mean over 8 windows weighted by count); connections: highway 127.0.0.1:7070=4}.
   */
  private static String consumerSummary(ConsumerWindow c, int windows) {
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "  consumer    : os cpu %s, threads %d, in flight %d; ",
        percentOrDash(c.osCpuPercent()).trim(), c.threads(), c.inFlight()));
    if (c.hasStages()) {
      line.append("stages µs:");
      c.stagesUs().forEach((name, us) -> line.append(String.format(Locale.ROOT, " %s=%.1f", name, us)));
      line.append(String.format(Locale.ROOT, " of avg=%.1f (Axle's consumer row, mean over %d windows weighted by count)",
          c.axleAvgUs(), windows));
    } else {
      line.append("stages: none (consumer.metrics off, or a raw client)");
    }
    appendCounts(line, "; connections:", c.connections());
    appendCounts(line, "; in flight (mean):", c.inFlightByEndpoint());
    return line.toString();
  }

  /** The producer's part of a CPU line when it is not a child of this process. */
  public static final String PRODUCER_CPU_UNKNOWN = "producer: n/a (not a child of this process)";

  /**
   * e.g. {@code   cpu/request : consumer 3.1 µs, producer 2.4 µs (process CPU over the measured 10.0 s /
   * requests)}; without the producer's clock, {@code consumer 3.1 µs (…), producer: n/a (not a child of this
   * process)}.
   */
  static String cpuLine(CpuPerRequest cpu, double measuredSeconds) {
    String how = String.format(Locale.ROOT, "(process CPU over the measured %.1f s / requests)", measuredSeconds);
    String consumer = "consumer " + cpuUs(cpu.consumerUs());
    return cpu.producerKnown()
        ? "  cpu/request : " + consumer + ", producer " + cpuUs(cpu.producerUs()) + " " + how
        : "  cpu/request : " + consumer + " " + how + ", " + PRODUCER_CPU_UNKNOWN;
  }

  /** {@code 3.1 µs}, or {@code n/a}. */
  public static String cpuUs(double micros) {
    return Double.isFinite(micros) ? String.format(Locale.ROOT, "%.1f µs", micros) : "n/a";
  }

  /** The summary lines of an open-loop or long-tail run, each starting with a line separator; "" for neither. */
  private static String openLoopAndLongTail(RunResult result) {
    StringBuilder lines = new StringBuilder();
    OpenLoopResult o = result.openLoop();
    if (o != null) {
      lines.append(System.lineSeparator()).append(String.format(Locale.ROOT,
          "  rps         : %d (open loop, latency from each request's intended send time; at most %d in flight)",
          o.rps(), o.maxInFlight()));
      lines.append(System.lineSeparator()).append(String.format(Locale.ROOT,
          "  late        : could not be sent on time: %d (%d sent over 1 ms late, %d not sent: rps.max-in-flight"
              + " reached)", o.notOnTime(), o.late(), o.unsent()));
    }
    LongTailResult t = result.longTail();
    if (t != null) {
      Latency l = t.latency();
      lines.append(System.lineSeparator()).append(String.format(Locale.ROOT,
          "  long tail   : %s of calls sleepEcho %d ms: %d calls; latency ms above is the other calls'",
          percent(t.ratio()), t.delayMs(), t.requests()));
      lines.append(System.lineSeparator()).append(String.format(Locale.ROOT,
          "  slow ms     : avg=%.3f p50=%.3f p90=%.3f p99=%.3f p999=%.3f max=%.3f",
          l.avg(), l.p50(), l.p90(), l.p99(), l.p999(), l.max()));
    }
    return lines.toString();
  }

  /** 0.01 as "1%", 0.005 as "0.5%". */
  private static String percent(double ratio) {
    return java.math.BigDecimal.valueOf(ratio).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
  }

  private static String stageMs(double micros) {
    return Double.isFinite(micros) ? String.format(Locale.ROOT, "%6.2fms", micros / 1000) : "     -";
  }

  private static String stageMs3(double micros) {
    return Double.isFinite(micros) ? String.format(Locale.ROOT, "%.3f", micros / 1000) : "-";
  }

  private static String consumerSummary(RunResult result) {
    Latency l = result.latency();
    return String.join(System.lineSeparator(),
        "perf summary",
        String.format(Locale.ROOT, "  transport   : %s", result.transport()),
        String.format(Locale.ROOT, "  mode        : %s", result.mode()),
        String.format(Locale.ROOT, "  concurrency : %d", result.concurrency()),
        String.format(Locale.ROOT, "  duration    : %.1f s (after %s warm-up)", result.durationSeconds(),
            seconds(result.warmupSeconds())),
        String.format(Locale.ROOT, "  requests    : %d", result.requests()),
        String.format(Locale.ROOT, "  errors      : %d", result.errors()),
        String.format(Locale.ROOT, "  tps         : %.1f", result.tps()),
        String.format(Locale.ROOT, "  latency ms  : avg=%.3f p50=%.3f p90=%.3f p99=%.3f p999=%.3f max=%.3f",
            l.avg(), l.p50(), l.p90(), l.p99(), l.p999(), l.max()));
  }

  /** A configured duration as it would be written in microservice.yaml: "5s", "500ms". */
  public static String duration(Duration duration) {
    long millis = duration.toMillis();
    return millis % 1000 == 0 ? millis / 1000 + "s" : millis + "ms";
  }

  /** Whole seconds without decimals ("3s"), otherwise one decimal ("2.5s"). */
  private static String seconds(double seconds) {
    double rounded = Math.round(seconds * 10) / 10.0;
    return rounded == Math.rint(rounded)
        ? String.format(Locale.ROOT, "%.0fs", rounded)
        : String.format(Locale.ROOT, "%.1fs", rounded);
  }
}
