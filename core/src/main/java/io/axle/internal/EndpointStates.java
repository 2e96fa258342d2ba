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

  EndpointStates(Duration backoff, Duration maxBackoff) {
    this(backoff, maxBackoff, System::nanoTime);
  }

  /** With a clock of one's own, for tests that step it. */
  EndpointStates(Duration backoff, Duration maxBackoff, java.util.function.LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
    this.backoffNanos = backoff.toNanos();
    this.maxBackoffNanos = Math.max(backoffNanos, maxBackoff.toNanos());
  }

  State of(Endpoint endpoint) {
    return states.computeIfAbsent(endpoint, State::new);
  }

  /** True while no endpoint is isolated or on trial after an isolation: the common case, checked without a clock. */
  boolean noneFailing() {
    return failing.get() == 0;
  }

  /** One endpoint's state. */
  final class State {
    private final Endpoint endpoint;
    /** Contended by every caller and event loop: a LongAdder spreads the updates. */
    private final LongAdder outstanding = new LongAdder();
    private final AtomicInteger failuresInRow = new AtomicInteger();
    private volatile long isolatedUntilNanos;

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

    /** True while skipped after a connection failure, at {@code nowNanos}. */
    boolean isIsolated(long nowNanos) {
      long until = isolatedUntilNanos;
      return until != 0 && nowNanos - until < 0;
    }

    /**
     * A connection failure: skipped for the back-off, doubled at each failure in a row. The calls
     * that were in flight when a connection dropped all fail at once: while the endpoint is isolated
     * they are one failure, not one each, or a single drop would reach the longest back-off.
     */
    void connectionFailed(String reason) {
      long now = nanoClock.getAsLong();
      if (isIsolated(now)) {
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
