package io.axle.perf.consumer;

import io.axle.perf.report.WindowStats;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What the measured (non-warm-up) windows add up to.
 *
 * @param latencyNanos every successful measured call but the long-tail share
 * @param nanos the measured time, the sum of the measured windows' real lengths
 * @param slowLatencyNanos the long-tail share's successful calls ({@code sleepEcho})
 * @param late open loop: requests sent over 1 ms after their intended time
 * @param unsent open loop: requests not sent because {@code rps.max-in-flight} was reached
 * @param consumerCpuNanos this process's CPU time over the measured time; negative when unknown (not
 *     measured, or no clock)
 * @param producerCpuNanos the producer process's, likewise; negative when it is not a child of this one
 * @param instances answered calls by producer instance over the measured time; empty when not counted
 * @param warmupNanos how long the warm-up really lasted (with {@code warmup.max}, until the windows settled)
 */
record Measurement(Histogram latencyNanos, long errors, long nanos, List<WindowStats> windows,
    Histogram slowLatencyNanos, long late, long unsent, long consumerCpuNanos, long producerCpuNanos,
    java.util.Map<String, Long> instances, long warmupNanos) {
}
