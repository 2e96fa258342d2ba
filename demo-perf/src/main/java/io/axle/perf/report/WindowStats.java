package io.axle.perf.report;

/**
 * One metrics window ({@code axle.metrics.window_time}).
 *
 * @param endSeconds when the window ended, from the start of its phase (warm-up or measurement)
 * @param warmup true for warm-up windows, which the summary leaves out
 * @param requests successful calls completed in the window
 * @param tps successful calls per second, over the window's real length
 */
public record WindowStats(double endSeconds, boolean warmup, long requests, long errors, double tps,
    Latency latency) {
}
