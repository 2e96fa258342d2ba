package io.axle.perf.consumer;

import io.axle.perf.report.WindowStats;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What the measured (non-warm-up) windows add up to.
 *
 * @param latencyNanos every successful measured call
 * @param nanos the measured time, the sum of the measured windows' real lengths
 */
record Measurement(Histogram latencyNanos, long errors, long nanos, List<WindowStats> windows) {
}
