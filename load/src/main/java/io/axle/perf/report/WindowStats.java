package io.axle.perf.report;

/**
 * One metrics window ({@code axle.metrics.window_time}).
 *
 * @param endSeconds when the window ended, from the start of its phase (warm-up or measurement)
 * @param warmup true for warm-up windows, which the summary leaves out
 * @param requests successful calls completed in the window
 * @param tps successful calls per second, over the window's real length
 * @param late open loop: requests that could not be sent on time in the window; {@link #NOT_COUNTED} in a
 *     closed loop, where every request goes out when its caller is ready
 * @param consumerCpuPercent this consumer process's CPU over the window, 100 = one core; NaN when unknown
 * @param producerCpuPercent the producer process's, when it is this process's child; else NaN
 * @param consumer the consumer process's own figures (host CPU, threads, its Axle stages and connections); null
 *     when not read
 */
public record WindowStats(double endSeconds, boolean warmup, long requests, long errors, double tps,
    Latency latency, long late, double consumerCpuPercent, double producerCpuPercent, ConsumerWindow consumer) {

  /** {@link #late} of a closed-loop window. */
  public static final long NOT_COUNTED = -1;

  /** Without the consumer's own figures. */
  public WindowStats(double endSeconds, boolean warmup, long requests, long errors, double tps, Latency latency,
      long late, double consumerCpuPercent, double producerCpuPercent) {
    this(endSeconds, warmup, requests, errors, tps, latency, late, consumerCpuPercent, producerCpuPercent, null);
  }

  /** Without CPU figures. */
  public WindowStats(double endSeconds, boolean warmup, long requests, long errors, double tps, Latency latency,
      long late) {
    this(endSeconds, warmup, requests, errors, tps, latency, late, Double.NaN, Double.NaN);
  }

  /** A closed-loop window without CPU figures. */
  public WindowStats(double endSeconds, boolean warmup, long requests, long errors, double tps, Latency latency) {
    this(endSeconds, warmup, requests, errors, tps, latency, NOT_COUNTED);
  }
}
