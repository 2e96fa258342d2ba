package io.axle.perf.consumer;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What the callers record: the latency of each successful call and a count of failed ones. Callers
 * record concurrently and wait-free (an HdrHistogram {@link Recorder}); the window clock takes the
 * interval since its last look, so no call is counted twice or lost between windows.
 */
final class Samples {
  /** Three significant digits: 1 µs resolution at 1 ms, plenty for percentiles read in milliseconds. */
  private static final int SIGNIFICANT_DIGITS = 3;

  private final Recorder latencies = new Recorder(SIGNIFICANT_DIGITS);
  private final AtomicLong errors = new AtomicLong();
  private final ErrorLog errorLog;

  /** The calls recorded since the previous {@link #take}: latencies in nanoseconds, and failures. */
  record Interval(Histogram latencyNanos, long errors) {
  }

  Samples(ErrorLog errorLog) {
    this.errorLog = errorLog;
  }

  /** A call that started at {@code startNanos} ({@link System#nanoTime()}) succeeded now. */
  void success(long startNanos) {
    latencies.recordValue(Math.max(0, System.nanoTime() - startNanos));
  }

  void failure(Throwable error) {
    errors.incrementAndGet();
    errorLog.report(error);
  }

  /** What was recorded since the previous call, which starts the next interval. */
  Interval take() {
    return new Interval(latencies.getIntervalHistogram(), errors.getAndSet(0));
  }

  /** A histogram that can absorb any number of intervals. */
  static Histogram newTotal() {
    return new Histogram(SIGNIFICANT_DIGITS);
  }
}
