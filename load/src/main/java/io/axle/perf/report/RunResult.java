package io.axle.perf.report;

import java.util.List;

/**
 * The result of one consumer run, over the measured (non-warm-up) windows only.
 *
 * @param transport the transport the calls really used
 * @param mode {@code sync} or {@code async}
 * @param concurrency {@code sync-count} or {@code async-count}, as the mode selects
 * @param durationSeconds the measured time, which is shorter than {@code duration} if interrupted
 * @param requests successful calls
 * @param errors failed calls
 * @param tps successful calls per second over the measured time
 * @param windows the measured windows, oldest first
 * @param provider the provider's own figures from its {@code GET /metrics/window}, or null when none
 *     were fetched (no {@code rest://} entry for the producer, a failed fetch, no window yet)
 * @param openLoop the open loop's rate and late requests; null for a closed loop
 * @param longTail the slow share's figures; null without a long tail. With one, {@code latency} and the
 *     windows' latencies are the normal calls' only, while {@code requests} and {@code tps} count both
 * @param latencyCurve the (normal) calls' latency by percentile; null when not computed
 * @param cpu each process's CPU per request over the measured window; null when not measured (a result
 *     made by hand)
 * @param consumer the consumer process's own figures over the measured windows ({@link ConsumerWindow#mean});
 *     null when not read
 */
public record RunResult(String transport, String mode, int concurrency, int requestSize, double warmupSeconds,
    double durationSeconds, long requests, long errors, double tps, Latency latency, List<WindowStats> windows,
    ProviderSummary provider, OpenLoopResult openLoop, LongTailResult longTail, LatencyCurve latencyCurve,
    CpuPerRequest cpu, ConsumerWindow consumer) {

  public RunResult {
    windows = List.copyOf(windows);
  }

  /** Without the consumer's own figures. */
  public RunResult(String transport, String mode, int concurrency, int requestSize, double warmupSeconds,
      double durationSeconds, long requests, long errors, double tps, Latency latency, List<WindowStats> windows,
      ProviderSummary provider, OpenLoopResult openLoop, LongTailResult longTail, LatencyCurve latencyCurve,
      CpuPerRequest cpu) {
    this(transport, mode, concurrency, requestSize, warmupSeconds, durationSeconds, requests, errors, tps, latency,
        windows, provider, openLoop, longTail, latencyCurve, cpu, null);
  }

  /** Without the CPU figures. */
  public RunResult(String transport, String mode, int concurrency, int requestSize, double warmupSeconds,
      double durationSeconds, long requests, long errors, double tps, Latency latency, List<WindowStats> windows,
      ProviderSummary provider, OpenLoopResult openLoop, LongTailResult longTail, LatencyCurve latencyCurve) {
    this(transport, mode, concurrency, requestSize, warmupSeconds, durationSeconds, requests, errors, tps, latency,
        windows, provider, openLoop, longTail, latencyCurve, null);
  }

  /** A closed-loop run without a long tail or a curve. */
  public RunResult(String transport, String mode, int concurrency, int requestSize, double warmupSeconds,
      double durationSeconds, long requests, long errors, double tps, Latency latency, List<WindowStats> windows,
      ProviderSummary provider) {
    this(transport, mode, concurrency, requestSize, warmupSeconds, durationSeconds, requests, errors, tps, latency,
        windows, provider, null, null, null);
  }

  /** Without the provider's figures. */
  public RunResult(String transport, String mode, int concurrency, int requestSize, double warmupSeconds,
      double durationSeconds, long requests, long errors, double tps, Latency latency, List<WindowStats> windows) {
    this(transport, mode, concurrency, requestSize, warmupSeconds, durationSeconds, requests, errors, tps, latency,
        windows, null);
  }

  /** Consumer average minus provider average, in ms: network, event loops, queues; NaN without the provider's. */
  public double gapAvgMs() {
    return provider == null || requests == 0 ? Double.NaN : latency.avg() - provider.avgMs();
  }

  /** The gap in its parts ({@link ConsumerWindow#gapParts}); null without the consumer's stages or the provider's. */
  public ConsumerWindow.GapParts gapParts() {
    return consumer == null || provider == null || requests == 0 ? null
        : consumer.gapParts(latency.avg(), provider.avgMs());
  }
}
