package io.axle.perf.consumer;

import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What the callers record: the latency of each successful call and a count of failed ones. Callers
 * record concurrently and wait-free (an HdrHistogram {@link Recorder}); the window clock takes the
 * interval since its last look, so no call is counted twice or lost between windows. The long-tail share's
 * calls go to a histogram of their own, so that they do not hide how the normal calls fared; the open loop
 * also counts the requests it could not send on time.
 */
final class Samples {
  /** Three significant digits: 1 µs resolution at 1 ms, plenty for percentiles read in milliseconds. */
  private static final int SIGNIFICANT_DIGITS = 3;

  private final Recorder latencies = new Recorder(SIGNIFICANT_DIGITS);
  private final Recorder slowLatencies = new Recorder(SIGNIFICANT_DIGITS);
  private final AtomicLong errors = new AtomicLong();
  private final AtomicLong late = new AtomicLong();
  private final AtomicLong unsent = new AtomicLong();
  private final ErrorLog errorLog;

  /**
   * The calls recorded since the previous {@link #take}: latencies in nanoseconds, and failures.
   *
   * @param latencyNanos the normal calls ({@code echo})
   * @param slowLatencyNanos the long-tail share ({@code sleepEcho})
   * @param late open loop: requests sent more than {@link OpenLoopDriver#LATE_NANOS} after their intended time
   * @param unsent open loop: requests not sent because {@code rps.max-in-flight} calls were in flight
   */
  record Interval(Histogram latencyNanos, long errors, Histogram slowLatencyNanos, long late, long unsent) {

    /** Successful calls, normal and slow. */
    long requests() {
      return latencyNanos.getTotalCount() + slowLatencyNanos.getTotalCount();
    }
  }

  Samples(ErrorLog errorLog) {
    this.errorLog = errorLog;
  }

  /** A call that started at {@code startNanos} ({@link System#nanoTime()}) succeeded now. */
  void success(long startNanos) {
    latencies.recordValue(Math.max(0, System.nanoTime() - startNanos));
  }

  /** Like {@link #success(long)}, into the long-tail histogram when {@code slow}. */
  void success(long startNanos, boolean slow) {
    (slow ? slowLatencies : latencies).recordValue(Math.max(0, System.nanoTime() - startNanos));
  }

  /** An open-loop request went out late (and is measured from its intended time all the same). */
  void late() {
    late.incrementAndGet();
  }

  /** An open-loop request was due while the in-flight cap was reached, and was not sent. */
  void unsent() {
    unsent.incrementAndGet();
  }

  void failure(Throwable error) {
    errors.incrementAndGet();
    errorLog.report(error);
  }

  /** What was recorded since the previous call, which starts the next interval. */
  Interval take() {
    return new Interval(latencies.getIntervalHistogram(), errors.getAndSet(0), slowLatencies.getIntervalHistogram(),
        late.getAndSet(0), unsent.getAndSet(0));
  }

  /** A histogram that can absorb any number of intervals. */
  static Histogram newTotal() {
    return new Histogram(SIGNIFICANT_DIGITS);
  }
}
