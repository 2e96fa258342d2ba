package io.axle.perf.report;

import java.util.Locale;

/**
 * The likely bottleneck of a run, named from its own figures, with the knobs docs/tuning.md ties to it: the
 * summary's last line. The rules, in order (the first that holds is named):
 *
 * <ol>
 *   <li>the host's CPU: the consumer and the producer child together use at least {@link #SATURATED} of the
 *       cores (loopback: both on this host);</li>
 *   <li>the consumer's CPU: this process alone uses that much;</li>
 *   <li>the producer's executor queue: calls wait for a thread longer than half the provider's time;</li>
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
    if (Double.isFinite(consumer) && Double.isFinite(producer) && consumer + producer >= SATURATED * full) {
      return String.format(Locale.ROOT, "likely bottleneck: this host's CPU (consumer %.0f%% + producer %.0f%% of "
          + "%d cores, 100 = one core); knobs: fewer event loops on each side (axle.highway.server.thread-count, "
          + "axle.highway.client.thread-count, or the REST ones), cheaper handlers (axle.executors.default: inline), "
          + "or the producer on a host of its own", consumer, producer, cores);
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
