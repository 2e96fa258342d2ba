package io.axle.perf.report;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Latency against percentile, for drawing: the tail's shape that avg / P99 / P999 only sample. Denser near
 * 100 because that is where the curve bends.
 *
 * @param points ascending by percentile; empty when there was no successful call
 */
public record LatencyCurve(List<Point> points) {

  /** The percentiles a curve is read at. */
  public static final List<Double> PERCENTILES = List.of(0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0, 70.0, 80.0, 90.0,
      95.0, 99.0, 99.5, 99.9, 99.95, 99.99, 100.0);

  private static final double NANOS_PER_MILLI = 1_000_000.0;

  /** @param ms the latency at or below which {@code percentile} per cent of the calls completed */
  public record Point(double percentile, double ms) {
  }

  public LatencyCurve {
    points = List.copyOf(points);
  }

  /** From a histogram recorded in nanoseconds. */
  public static LatencyCurve of(Histogram nanos) {
    if (nanos.getTotalCount() == 0) {
      return new LatencyCurve(List.of());
    }
    List<Point> points = new ArrayList<>(PERCENTILES.size());
    for (double percentile : PERCENTILES) {
      // 100 is the largest value recorded, exactly as Latency's max reads it.
      long value = percentile >= 100 ? nanos.getMaxValue() : nanos.getValueAtPercentile(percentile);
      points.add(new Point(percentile, value / NANOS_PER_MILLI));
    }
    return new LatencyCurve(points);
  }
}
