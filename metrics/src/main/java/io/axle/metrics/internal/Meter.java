package io.axle.metrics.internal;

import io.axle.Call;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The counters of one key (role, transport, operation, status), written by any thread without a lock or
 * an allocation and read and reset by the window clock alone. A call takes one of a few {@link Stripe}s
 * (one compare-and-set), writes its latency and stages there as plain memory, and gives it back; with
 * more stripes than cores, a writer finds a free one at once.
 *
 * <p>The key's cumulative Micrometer timer ({@code axle.invocation}) is fed by the window clock from each
 * drained window, not per call: recording into it on every call would make every event loop increment the same
 * histogram bucket (an atomic on a shared cache line, four times over for Micrometer's time-window ring),
 * which cost more than everything else metrics do per call (docs/metrics.md, "What metrics cost"). The
 * clock thread alone writes it, uncontended.
 */
final class Meter {
  /** Three significant digits: 0.1% precision; microseconds, resized as larger values arrive. */
  static final int DIGITS = 3;
  /** Four stripes per core (at least 8): enough that a writer almost never meets a taken one. */
  private static final int STRIPES =
      Integer.highestOneBit(Math.max(8, 4 * Runtime.getRuntime().availableProcessors()) * 2 - 1);

  final Role role;
  final String transport;
  final String operation;
  final Status status;
  private final Stage[] from;
  private final Stage[] to;
  private final Stripe[] stripes = new Stripe[STRIPES];
  /** Fed by the clock after each window; null when the meter was made without one. */
  private final Timer cumulative;
  /** The clock thread's: this window's latencies, handed to the aggregator. */
  private final Histogram window = new Histogram(DIGITS);
  /** The clock thread's: the attempts this window's calls sent after their first (retries, hedges). */
  long windowExtraAttempts;
  /** Fed with {@link #windowExtraAttempts} by the clock; made at the first window that has some. */
  private Counter cumulativeRetries;
  private final Function<Meter, Counter> retriesCounter;

  /** A meter whose calls also feed {@code cumulative} as each window closes (a null timer: none). */
  Meter(Role role, String transport, String operation, Status status, Function<Meter, Timer> cumulative) {
    this(role, transport, operation, status, cumulative, meter -> null);
  }

  /** As above; {@code retries} makes the key's counter of attempts sent again, when it first has some. */
  Meter(Role role, String transport, String operation, Status status, Function<Meter, Timer> cumulative,
      Function<Meter, Counter> retries) {
    this.retriesCounter = retries;
    this.role = role;
    this.transport = transport;
    this.operation = operation;
    this.status = status;
    this.from = Spans.from(role);
    this.to = Spans.to(role);
    for (int i = 0; i < STRIPES; i++) {
      stripes[i] = new Stripe(from.length);
    }
    this.cumulative = cumulative.apply(this);
  }

  /** One call ended: its latency and, for each stage it went through, the nanoseconds it spent there. */
  void record(long latencyNanos, Call invocation) {
    Stripe stripe = take();
    try {
      stripe.latencyMicros.recordValue(latencyNanos / 1000);
      stripe.extraAttempts += invocation.extraAttempts();
      for (int i = 0; i < from.length; i++) {
        long start = invocation.stageNanos(from[i]);
        long end = invocation.stageNanos(to[i]);
        if (start != 0 && end != 0) {
          stripe.recordStage(i, Math.max(0, end - start));
        }
      }
    } finally {
      stripe.release();
    }
  }

  /**
   * A free stripe, starting from the thread's own so that threads spread. Only if every stripe
   * is held (writers preempted mid-record, more of them than there are stripes) does the writer yield
   * and try again; nothing is dropped.
   */
  private Stripe take() {
    // Threads made one after another (an event-loop group, a pool) have consecutive ids, so they start at
    // different stripes and do not bounce one stripe's cache line between their cores.
    int first = (int) Thread.currentThread().threadId();
    while (true) {
      for (int i = 0; i < STRIPES; i++) {
        Stripe stripe = stripes[(first + i) & (STRIPES - 1)];
        if (stripe.tryTake()) {
          return stripe;
        }
      }
      Thread.yield();
    }
  }

  /**
   * Drains this window (clock thread only): adds the stages' sums, counts and maxima into the arrays and
   * returns the latencies, valid until the next call. Each stripe is drained while held, so a call counts
   * in exactly one window, whole. The window's calls are then added to the cumulative timer.
   */
  Histogram drain(long[] sums, long[] counts, long[] maxima) {
    window.reset();
    windowExtraAttempts = 0;
    for (Stripe stripe : stripes) {
      stripe.take();
      try {
        stripe.drainInto(window, sums, counts, maxima);
        windowExtraAttempts += stripe.extraAttempts;
        stripe.extraAttempts = 0;
      } finally {
        stripe.release();
      }
    }
    if (windowExtraAttempts > 0) {
      if (cumulativeRetries == null) {
        cumulativeRetries = retriesCounter.apply(this);
      }
      if (cumulativeRetries != null) {
        cumulativeRetries.increment(windowExtraAttempts);
      }
    }
    if (cumulative != null && window.getTotalCount() > 0) {
      feed(cumulative, window);
    }
    return window;
  }

  /**
   * Each call of the window, at its HdrHistogram bucket's middle value (within 0.1%): a Micrometer timer takes
   * one value at a time. Tens of nanoseconds each, on the clock thread alone.
   */
  private static void feed(Timer timer, Histogram window) {
    for (HistogramIterationValue value : window.recordedValues()) {
      long micros = window.medianEquivalentValue(value.getValueIteratedTo());
      for (long calls = value.getCountAtValueIteratedTo(); calls > 0; calls--) {
        timer.record(micros, TimeUnit.MICROSECONDS);
      }
    }
  }
}
