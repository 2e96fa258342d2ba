package io.axle.perf.report;

import org.HdrHistogram.Histogram;

/** Latency statistics in milliseconds, read from a histogram recorded in nanoseconds. */
public record Latency(double avg, double p50, double p90, double p99, double p999, double max) {

  private static final double NANOS_PER_MILLI = 1_000_000.0;

  /** All zero for an empty histogram, so a run without one success still reports. */
  public static Latency of(Histogram nanos) {
    if (nanos.getTotalCount() == 0) {
      return new Latency(0, 0, 0, 0, 0, 0);
    }
    return new Latency(nanos.getMean() / NANOS_PER_MILLI,
        ms(nanos, 50), ms(nanos, 90), ms(nanos, 99), ms(nanos, 99.9),
        nanos.getMaxValue() / NANOS_PER_MILLI);
  }

  private static double ms(Histogram nanos, double percentile) {
    return nanos.getValueAtPercentile(percentile) / NANOS_PER_MILLI;
  }
}
