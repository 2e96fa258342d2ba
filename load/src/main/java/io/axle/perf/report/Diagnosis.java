package io.axle.perf.report;

import java.util.Locale;

/**
 * The likely bottleneck of a run, named from its own figures, with the knobs docs/tuning.md ties to it: the
 * summary's last line. The rules, in order (the first that holds is named):
 *
 * <ol>
 *   <li>the consumer's connections: calls spend over half of the consumer's Axle latency in its {@code connection}
 *       stage (waiting for a pooled connection, or for one to open): first, because a saturated CPU (which a
 *       loopback run of REST with too few connections also shows) is then a consequence, not the cause;</li>
 *   <li>the host's CPU: the consumer and the producer child together use at least {@link #SATURATED} of the
 *       cores (loopback: both on this host); the side that uses more is named, with its knobs first;</li>
 *   <li>the consumer's CPU: this process alone uses that much;</li>
 *   <li>the producer's executor queue: calls wait for a thread longer than half the provider's time;</li>
 *   <li>the callers: over half the gap between the consumer and the provider is the callers' own hand-offs
 *       (the driver's average less Axle's consumer latency: a parked thread's wake-up);</li>
 *   <li>outside the provider: the consumer's average is more than twice the provider's (the client, its
 *       connections and the network);</li>
 *   <li>none: the figures show no limit, so the load is below what the pair can carry.</li>
 * </ol>
 */
public final class Diagnosis {
  /** A process (or the pair) using this share of the cores counts as saturated. */
  static final double SATURATED = 0.9;

  private Diagnosis() {
  }

  /** {@code likely bottleneck: …; knobs: …}, from a run's figures; {@code cores} of this host. */
  public static String of(RunResult result, int cores) {
    double full = 100.0 * cores;
    double consumer = percent(result, true);
    double producer = percent(result, false);
    ConsumerWindow own = result.consumer();
    if (own != null && own.hasStages() && Double.isFinite(own.stageUs(ConsumerWindow.CONNECTION))
        && own.stageUs(ConsumerWindow.CONNECTION) > own.axleAvgUs() / 2) {
      return String.format(Locale.ROOT, "likely bottleneck: the consumer's connections (calls wait %.3f ms in the "
          + "connection stage of the consumer's %.3f ms)%s; knobs: for REST axle.rest.client.protocol: h2c, "
          + "axle.rest.client.connection.maxPoolSize or axle.rest.client.pipelining; for highway "
          + "axle.highway.client.thread-count", own.stageUs(ConsumerWindow.CONNECTION) / 1000, own.axleAvgUs() / 1000,
          Double.isFinite(consumer) && Double.isFinite(producer)
              ? String.format(Locale.ROOT, ", consumer CPU %.0f%% + producer %.0f%%", consumer, producer) : "");
    }
    if (Double.isFinite(consumer) && Double.isFinite(producer) && consumer + producer >= SATURATED * full) {
      boolean producerMore = producer > consumer;
      String producerKnobs = "cheaper handlers (axle.executors.default: inline), fewer server loops "
          + "(axle.highway.server.thread-count, axle.rest.server.thread-count)";
      String consumerKnobs = "cheaper callers (async, or sync.threads=virtual), fewer client loops "
          + "(axle.highway.client.thread-count, axle.rest.client.thread-count)";
      return String.format(Locale.ROOT, "likely bottleneck: this host's CPU, the %s's the most (consumer %.0f%% + "
          + "producer %.0f%% of %d cores, 100 = one core); knobs: %s; then %s; or the producer on a host of its own",
          producerMore ? "producer" : "consumer", consumer, producer, cores,
          producerMore ? producerKnobs : consumerKnobs, producerMore ? consumerKnobs : producerKnobs);
    }
    if (Double.isFinite(consumer) && consumer >= SATURATED * full) {
      return String.format(Locale.ROOT, "likely bottleneck: the consumer's CPU (%.0f%% of %d cores); knobs: async "
          + "callers or sync.threads=virtual, fewer caller threads, or more consumer hosts", consumer, cores);
    }
    ProviderSummary provider = result.provider();
    if (provider != null && Double.isFinite(provider.queueUs()) && provider.avgMs() > 0
        && provider.queueUs() / 1000 > provider.avgMs() / 2) {
      return String.format(Locale.ROOT, "likely bottleneck: the producer's executor queue (calls wait %.3f ms for "
          + "a thread of the provider's %.3f ms); knobs: axle.executor.default.group and thread-per-group, or "
          + "axle.executors.default: inline for handlers that never block", provider.queueUs() / 1000,
          provider.avgMs());
    }
    ConsumerWindow.GapParts parts = result.gapParts();
    if (parts != null && result.gapAvgMs() > 0 && parts.callerMs() > result.gapAvgMs() / 2) {
      return String.format(Locale.ROOT, "likely bottleneck: the callers' own hand-offs (%.3f ms of the %.3f ms gap "
          + "between the consumer and the provider is after Axle handed the answer over: a blocked thread's "
          + "wake-up); knobs: async callers, or sync.threads=virtual", parts.callerMs(), result.gapAvgMs());
    }
    if (provider != null && provider.avgMs() > 0 && result.latency().avg() > 2 * provider.avgMs()) {
      return String.format(Locale.ROOT, "likely bottleneck: outside the provider (the consumer's %.3f ms against "
          + "the provider's %.3f ms: the client, its connections, the network)%s; knobs: "
          + "axle.highway.client.thread-count, or for REST axle.rest.client.connection.maxPoolSize and "
          + "axle.rest.client.protocol: h2c", result.latency().avg(), provider.avgMs(),
          Double.isFinite(consumer) ? String.format(Locale.ROOT, ", consumer CPU %.0f%%", consumer) : "");
    }
    if (provider == null && !Double.isFinite(producer)) {
      return "likely bottleneck: not named (no provider figures and no producer CPU to judge by: run with "
          + "--loopback, or give perf1 a rest:// entry)";
    }
    return "likely bottleneck: none shown (no CPU saturated, no queue, no gap outside the provider): the load is "
        + "below what the pair can carry; raise sync-count, async-count or rps";
  }

  /** A side's CPU over the measured window, 100 = one core; NaN when unknown. */
  private static double percent(RunResult result, boolean consumer) {
    CpuPerRequest cpu = result.cpu();
    return cpu == null ? Double.NaN : consumer ? cpu.consumerPercent(result.tps()) : cpu.producerPercent(result.tps());
  }
}
