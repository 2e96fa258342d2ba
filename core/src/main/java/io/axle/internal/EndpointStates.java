package io.axle.internal;

import io.axle.registry.Endpoint;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What this consumer knows of each endpoint it calls, over every reference: its calls in flight
 * (for least-outstanding balancing) and whether it is isolated after connection failures, until
 * when. One per runtime; thread-safe.
 */
final class EndpointStates {
  private static final Logger log = LoggerFactory.getLogger(EndpointStates.class);

  private final Map<Endpoint, State> states = new ConcurrentHashMap<>();
  /** Endpoints with connection failures not yet followed by an answer: while 0, no pick looks at isolation. */
  private final AtomicInteger failing = new AtomicInteger();
  private final java.util.function.LongSupplier nanoClock;
  private final long backoffNanos;
  private final long maxBackoffNanos;
  private final long refusedBackoffNanos;
  /** When an endpoint last refused a call (0: none lately): while recent, picks look at refusals. */
  private volatile long lastRefusalNanos;

  EndpointStates(Duration backoff, Duration maxBackoff, Duration refusedBackoff) {
    this(backoff, maxBackoff, refusedBackoff, System::nanoTime);
  }

  /** With a clock of one's own, for tests that step it. */
  EndpointStates(Duration backoff, Duration maxBackoff, Duration refusedBackoff,
      java.util.function.LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
    this.backoffNanos = backoff.toNanos();
    this.maxBackoffNanos = Math.max(backoffNanos, maxBackoff.toNanos());
    this.refusedBackoffNanos = refusedBackoff.toNanos();
  }

  State of(Endpoint endpoint) {
    return states.computeIfAbsent(endpoint, State::new);
  }

  /**
   * True while no endpoint is isolated or on trial after an isolation, and none refused a call within
   * the refused back-off: the common case, checked without a clock unless a refusal came lately.
   */
  boolean noneFailing() {
    if (failing.get() != 0) {
      return false;
    }
    long refusal = lastRefusalNanos;
    if (refusal == 0) {
      return true;
    }
    if (nanoClock.getAsLong() - refusal - refusedBackoffNanos >= 0) {
      lastRefusalNanos = 0; // a refusal racing in is seen by its own caller's next pick anyway
      return true;
    }
    return false;
  }

  /** One endpoint's state. */
  final class State {
    private final Endpoint endpoint;
    /** Contended by every caller and event loop: a LongAdder spreads the updates. */
    private final LongAdder outstanding = new LongAdder();
    private final AtomicInteger failuresInRow = new AtomicInteger();
    private volatile long isolatedUntilNanos;
    private volatile long refusedUntilNanos;

    State(Endpoint endpoint) {
      this.endpoint = endpoint;
    }

    int outstanding() {
      return (int) outstanding.sum();
    }

    void started() {
      outstanding.increment();
    }

    void ended() {
      outstanding.decrement();
    }

    /** True while skipped after a connection failure, now. */
    boolean isIsolated() {
      return isIsolated(nanoClock.getAsLong());
    }

    /** True while skipped after a connection failure or a refusal, at {@code nowNanos}. */
    boolean isIsolated(long nowNanos) {
      long until = isolatedUntilNanos;
      long refused = refusedUntilNanos;
      return until != 0 && nowNanos - until < 0 || refused != 0 && nowNanos - refused < 0;
    }

    /**
     * The provider refused a call before running it (at its limit, queue full, stopping): skipped for
     * the refused back-off while another endpoint can be picked, then tried again. Not an isolation:
     * nothing is logged, and it does not grow.
     */
    void refused() {
      if (refusedBackoffNanos <= 0) {
        return;
      }
      long now = nanoClock.getAsLong();
      refusedUntilNanos = now + refusedBackoffNanos;
      lastRefusalNanos = now;
    }

    /**
     * A connection failure: skipped for the back-off, doubled at each failure in a row. The calls
     * that were in flight when a connection dropped all fail at once: while the endpoint is isolated
     * they are one failure, not one each, or a single drop would reach the longest back-off.
     */
    void connectionFailed(String reason) {
      long now = nanoClock.getAsLong();
      long until = isolatedUntilNanos;
      if (until != 0 && now - until < 0) {
        return;
      }
      int failures = failuresInRow.incrementAndGet();
      if (failures == 1) {
        failing.incrementAndGet();
      }
      long backoff = backoffNanos << Math.min(failures - 1, 20);
      if (backoff <= 0 || backoff > maxBackoffNanos) {
        backoff = maxBackoffNanos;
      }
      isolatedUntilNanos = now + backoff;
      if (failures == 1) {
        log.warn("{} isolated for {} ms after a connection failure: {}", endpoint, backoff / 1_000_000, reason);
      }
    }

    /** An answer came back over a connection: no longer isolated. */
    void answered() {
      if (failuresInRow.get() != 0 && failuresInRow.getAndSet(0) != 0) {
        isolatedUntilNanos = 0;
        failing.decrementAndGet();
        log.info("{} answers again; no longer isolated", endpoint);
      }
    }
  }
}
