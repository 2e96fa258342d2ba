package io.axle.perf.report;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * A run's latency by percentile, for percentile curves: points from 0 up to 100 (the maximum), denser
 * towards the tail, as HdrHistogram's percentile iteration gives them (five steps per halving of the
 * distance to 100 %), so that 99.9 and 99.99 are as visible as 50.
 *
 * @param points ordered by percentile; empty for a histogram without values
 */
public record LatencyCurve(List<Point> points) {

  private static final int TICKS_PER_HALF_DISTANCE = 5;
  private static final double NANOS_PER_MILLI = 1_000_000.0;

  /** @param percentile 0 to 100; @param ms the latency at or below which that share of the calls ended */
  public record Point(double percentile, double ms) {
  }

  public LatencyCurve {
    points = List.copyOf(points);
  }

  public static LatencyCurve of(Histogram nanos) {
    List<Point> points = new ArrayList<>();
    if (nanos.getTotalCount() > 0) {
      for (HistogramIterationValue value : nanos.percentiles(TICKS_PER_HALF_DISTANCE)) {
        points.add(new Point(value.getPercentileLevelIteratedTo(),
            nanos.highestEquivalentValue(value.getValueIteratedTo()) / NANOS_PER_MILLI));
      }
    }
    return new LatencyCurve(points);
  }
}
