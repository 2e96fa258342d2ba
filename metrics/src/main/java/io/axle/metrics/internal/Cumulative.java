package io.axle.metrics.internal;

import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * One key's calls since its meter was made, as Prometheus wants them: a count, a sum and a count per
 * histogram bucket, plus the last window's maximum. Immutable: the window clock makes the next one and
 * publishes it, so a scrape on another thread reads a consistent set.
 *
 * @param count calls
 * @param sumMicros their latencies added up, each at its HdrHistogram bucket's middle value (0.1%)
 * @param bucketCounts calls per bucket of {@link #BOUNDS_MICROS}, not cumulative; the last is +Inf
 * @param lastMaxMicros the largest latency of the last window that had calls
 */
record Cumulative(long count, long sumMicros, long[] bucketCounts, long lastMaxMicros) {
  /**
   * Upper bounds, 100 µs to 60 s in 1-2.5-5 steps: enough for {@code histogram_quantile} and SLO
   * alerts, and a short scrape.
   */
  static final Duration[] BOUNDS = {
      Duration.ofNanos(100_000), Duration.ofNanos(250_000), Duration.ofNanos(500_000),
      Duration.ofMillis(1), Duration.ofNanos(2_500_000), Duration.ofMillis(5),
      Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
      Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
      Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
      Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(60)};
  static final long[] BOUNDS_MICROS = new long[BOUNDS.length];
  /** The bounds in seconds, then +Inf, as Prometheus writes {@code le}. */
  static final double[] BOUNDS_SECONDS = new double[BOUNDS.length + 1];

  static {
    for (int i = 0; i < BOUNDS.length; i++) {
      BOUNDS_MICROS[i] = BOUNDS[i].toNanos() / 1000;
      BOUNDS_SECONDS[i] = BOUNDS[i].toNanos() / 1e9;
    }
    BOUNDS_SECONDS[BOUNDS.length] = Double.POSITIVE_INFINITY;
  }

  static final Cumulative EMPTY = new Cumulative(0, 0, new long[BOUNDS.length + 1], 0);

  /** These calls and a window's (latencies in microseconds). */
  Cumulative plus(Histogram window) {
    long[] buckets = bucketCounts.clone();
    long sum = sumMicros;
    int bucket = 0;
    for (HistogramIterationValue value : window.recordedValues()) {
      long micros = window.medianEquivalentValue(value.getValueIteratedTo());
      long calls = value.getCountAtValueIteratedTo();
      while (bucket < BOUNDS_MICROS.length && micros > BOUNDS_MICROS[bucket]) {
        bucket++; // values come in increasing order
      }
      buckets[bucket] += calls;
      sum += micros * calls;
    }
    return new Cumulative(count + window.getTotalCount(), sum, buckets, window.getMaxValue());
  }
}
