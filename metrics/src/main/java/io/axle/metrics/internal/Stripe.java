package io.axle.metrics.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.HdrHistogram.Histogram;

/**
 * One share of a {@link Meter}'s counts, written by one thread at a time: a writer takes it with a
 * single compare-and-set and gives it back with a release store, so what it writes in between is plain
 * memory (no atomic per value). A writer never waits for a stripe: if one is taken it tries the next.
 * The window clock takes each stripe the same way to drain it, which makes a window exact.
 */
final class Stripe {
  private static final VarHandle TAKEN;

  static {
    try {
      TAKEN = MethodHandles.lookup().findVarHandle(Stripe.class, "taken", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Longs either side of the written fields, so that stripes written by different cores share no cache line. */
  private static final int PAD = 8;

  // Padding before the flag: HotSpot lays longs out first, so these separate it from the object before.
  @SuppressWarnings("unused")
  private long p0, p1, p2, p3, p4, p5, p6, p7;
  @SuppressWarnings("unused") // through TAKEN
  private volatile int taken;
  /** Attempts the calls recorded here sent after their first (retries, hedges). */
  long extraAttempts;
  /** Microseconds; auto-resizing, so only a new largest value allocates. */
  final Histogram latencyMicros = new Histogram(Meter.DIGITS);
  /** Per stage: sum, count and maximum in nanoseconds, at {@code PAD + 3 * span}, padded at both ends. */
  private final long[] stages;
  private final int spans;

  Stripe(int spans) {
    this.spans = spans;
    this.stages = new long[PAD + 3 * spans + PAD];
  }

  /** Takes the stripe if nobody holds it; never waits. */
  boolean tryTake() {
    return TAKEN.compareAndSet(this, 0, 1);
  }

  /** Takes the stripe, waiting for its writer to finish (the clock's side: a writer holds it for a record). */
  void take() {
    while (!tryTake()) {
      Thread.onSpinWait();
      Thread.yield();
    }
  }

  /** Gives the stripe back, publishing what was written while it was held. */
  void release() {
    TAKEN.setRelease(this, 0);
  }

  /** One stage of one call (held). */
  void recordStage(int span, long nanos) {
    int at = PAD + 3 * span;
    stages[at] += nanos;
    stages[at + 1]++;
    if (nanos > stages[at + 2]) {
      stages[at + 2] = nanos;
    }
  }

  /** Adds everything into the arguments and resets (held, by the clock). */
  void drainInto(Histogram micros, long[] sums, long[] counts, long[] maxima) {
    if (latencyMicros.getTotalCount() > 0) {
      micros.add(latencyMicros);
      latencyMicros.reset();
    }
    for (int i = 0; i < spans; i++) {
      int at = PAD + 3 * i;
      sums[i] += stages[at];
      counts[i] += stages[at + 1];
      maxima[i] = Math.max(maxima[i], stages[at + 2]);
      stages[at] = 0;
      stages[at + 1] = 0;
      stages[at + 2] = 0;
    }
  }
}
