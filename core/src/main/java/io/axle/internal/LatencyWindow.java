package io.axle.internal;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The latency of an operation's last calls, for a percentile that moves with them (a hedge's delay).
 * A ring of the last {@link #SIZE} answers, written by every caller without a lock (a lost or torn
 * sample only blurs an estimate); the percentile is recomputed from a sorted copy every
 * {@link #EVERY} samples, so a call pays for a store, not a sort.
 */
final class LatencyWindow {
  static final int SIZE = 1024;
  static final int EVERY = 128;
  /** Below this many samples there is no estimate yet. */
  static final int MINIMUM = 100;

  private final long[] ring = new long[SIZE];
  private final AtomicLong samples = new AtomicLong();
  private final int perMille;
  private volatile long estimateNanos = -1;

  LatencyWindow(int perMille) {
    this.perMille = perMille;
  }

  void add(long nanos) {
    long n = samples.getAndIncrement();
    ring[(int) (n % SIZE)] = nanos;
    if (n + 1 >= MINIMUM && (n + 1) % EVERY == 0 || n + 1 == MINIMUM) {
      int filled = (int) Math.min(n + 1, SIZE);
      long[] copy = Arrays.copyOf(ring, filled);
      Arrays.sort(copy);
      estimateNanos = copy[Math.min(filled - 1, (int) ((long) filled * perMille / 1000))];
    }
  }

  /** The percentile of the window in nanoseconds; -1 until {@link #MINIMUM} calls were seen. */
  long estimateNanos() {
    return estimateNanos;
  }
}
