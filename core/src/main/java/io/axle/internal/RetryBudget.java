package io.axle.internal;

import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

/**
 * How many retries (and hedges, and resends of refusals) a consumer may still send to one service,
 * as Finagle's retry budget counts them: each call deposits {@code budget-percent} hundredths of a
 * retry, each retry withdraws one, and a reserve of {@code budget-min-per-second} retries a second
 * lets a quiet service retry at all. Deposits and withdrawals count for {@link #WINDOW_SECONDS}
 * seconds, so the budget follows the traffic: a burst of failures on a busy service (an instance
 * killed under load) is retried in full, while in an outage of every instance retries add at most
 * that share of the calls, plus the reserve, instead of multiplying the load. Thread-safe; a call
 * pays for one striped counter update.
 */
final class RetryBudget {
  static final int WINDOW_SECONDS = 10;
  private static final long NANOS_PER_SECOND = 1_000_000_000L;
  private static final long ONE = 1_000; // a retry, in thousandths

  private final long deposit;
  private final long reserve;
  private final LongSupplier nanoClock;
  private final Bucket[] buckets = new Bucket[WINDOW_SECONDS];

  /** One second's deposits and withdrawals, in thousandths of a retry. */
  private static final class Bucket {
    volatile long second = Long.MIN_VALUE;
    final LongAdder deposits = new LongAdder();
    final LongAdder withdrawals = new LongAdder();
  }

  RetryBudget(int percent, int minPerSecond) {
    this(percent, minPerSecond, System::nanoTime);
  }

  RetryBudget(int percent, int minPerSecond, LongSupplier nanoClock) {
    this.deposit = percent * 10L;
    this.reserve = (long) minPerSecond * WINDOW_SECONDS * ONE;
    this.nanoClock = nanoClock;
    for (int i = 0; i < buckets.length; i++) {
      buckets[i] = new Bucket();
    }
  }

  /** A call was made: it pays its share toward later retries. */
  void deposit() {
    if (deposit > 0) {
      bucket(second()).deposits.add(deposit);
    }
  }

  /** Takes one retry from the budget if there is one; false when it is spent. */
  boolean tryWithdraw() {
    long now = second();
    long balance = reserve;
    for (Bucket bucket : buckets) {
      if (now - bucket.second < WINDOW_SECONDS) {
        balance += bucket.deposits.sum() - bucket.withdrawals.sum();
      }
    }
    if (balance < ONE) {
      return false;
    }
    // Checked, then taken: concurrent retries may overdraw by a few, never by a multiple.
    bucket(now).withdrawals.add(ONE);
    return true;
  }

  /** Gives back a retry taken for an attempt that was never sent (a hedge with nowhere to go). */
  void refund() {
    bucket(second()).withdrawals.add(-ONE);
  }

  private long second() {
    return Math.floorDiv(nanoClock.getAsLong(), NANOS_PER_SECOND);
  }

  private Bucket bucket(long second) {
    Bucket bucket = buckets[(int) Math.floorMod(second, WINDOW_SECONDS)];
    if (bucket.second < second) {
      synchronized (bucket) {
        // Forward only: a thread that stalled a whole window must not wipe the current second.
        if (bucket.second < second) {
          // A second ago by a whole window: what it held has expired.
          bucket.deposits.reset();
          bucket.withdrawals.reset();
          bucket.second = second;
        }
      }
    }
    return bucket;
  }
}
