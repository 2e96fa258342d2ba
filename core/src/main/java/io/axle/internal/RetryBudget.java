package io.axle.internal;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many retries a consumer may still send to one service, as gRPC's retry throttling counts
 * them: a bucket of ten tokens; each call that failed in a way that could be retried takes one,
 * each that did not gives back {@code budget-percent} hundredths of one; a retry is sent only while
 * more than half the bucket is left. So retries add at most about that share of the calls, and
 * when every call fails they stop after a handful instead of multiplying the load. Thread-safe.
 */
final class RetryBudget {
  private static final long MAX = 10_000; // ten tokens, in thousandths
  private final long refill;
  private final AtomicLong tokens = new AtomicLong(MAX);

  RetryBudget(int percent) {
    this.refill = percent * 10L; // percent of one token, in thousandths
  }

  /** The call ended without a failure worth retrying. */
  void succeeded() {
    if (refill > 0 && tokens.get() < MAX) {
      tokens.accumulateAndGet(refill, (now, add) -> Math.min(MAX, now + add));
    }
  }

  /** The call failed in a way that could be retried. */
  void failed() {
    tokens.accumulateAndGet(1_000, (now, take) -> Math.max(0, now - take));
  }

  /** True while a retry may be sent. */
  boolean allowsRetry() {
    return tokens.get() > MAX / 2;
  }
}
