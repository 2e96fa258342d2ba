package io.axle.perf.report;

/**
 * CPU per request of each side, in microseconds: the process's CPU time over the measured window (every
 * thread: callers, event loops, JIT compilers, GC) divided by the requests of that window. NaN where
 * unknown: the producer when it is not a child of this process, either side when no request completed or
 * the clock could not be read.
 *
 * @param consumerUs this (the consumer) process's CPU per request
 * @param producerUs the producer process's CPU per request
 */
public record CpuPerRequest(double consumerUs, double producerUs) {

  /** Both sides unknown. */
  public static final CpuPerRequest UNKNOWN = new CpuPerRequest(Double.NaN, Double.NaN);

  /**
   * @param consumerCpuNanos the consumer's CPU time over the measured window; negative when unknown
   * @param producerCpuNanos the producer's, likewise
   * @param requests the requests of that window
   */
  public static CpuPerRequest of(long consumerCpuNanos, long producerCpuNanos, long requests) {
    return new CpuPerRequest(perRequestUs(consumerCpuNanos, requests), perRequestUs(producerCpuNanos, requests));
  }

  /** Nanoseconds over requests, in microseconds; NaN for an unknown time or no request. */
  static double perRequestUs(long cpuNanos, long requests) {
    return cpuNanos < 0 || requests <= 0 ? Double.NaN : cpuNanos / 1e3 / requests;
  }

  /** The consumer's CPU at {@code tps} requests a second: 100 = one core; NaN when unknown. */
  public double consumerPercent(double tps) {
    return consumerUs * tps / 1e4;
  }

  /** The producer's, likewise. */
  public double producerPercent(double tps) {
    return producerUs * tps / 1e4;
  }

  public boolean producerKnown() {
    return Double.isFinite(producerUs);
  }

  /** Consumer plus producer, NaN unless both are known: what one request costs the two processes together. */
  public double totalUs() {
    return consumerUs + producerUs;
  }
}
