package io.axle.internal;

import io.axle.registry.Endpoint;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
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
  private final long backoffNanos;
  private final long maxBackoffNanos;

  EndpointStates(Duration backoff, Duration maxBackoff) {
    this.backoffNanos = backoff.toNanos();
    this.maxBackoffNanos = Math.max(backoffNanos, maxBackoff.toNanos());
  }

  State of(Endpoint endpoint) {
    return states.computeIfAbsent(endpoint, State::new);
  }

  /** One endpoint's state. */
  final class State {
    private final Endpoint endpoint;
    private final AtomicInteger outstanding = new AtomicInteger();
    private final AtomicInteger failuresInRow = new AtomicInteger();
    private volatile long isolatedUntilNanos;

    State(Endpoint endpoint) {
      this.endpoint = endpoint;
    }

    int outstanding() {
      return outstanding.get();
    }

    void started() {
      outstanding.incrementAndGet();
    }

    void ended() {
      outstanding.decrementAndGet();
    }

    /** True while skipped after a connection failure. */
    boolean isIsolated(long nowNanos) {
      long until = isolatedUntilNanos;
      return until != 0 && nowNanos - until < 0;
    }

    /** A connection failure: skipped for the back-off, doubled at each failure in a row. */
    void connectionFailed(String reason) {
      int failures = failuresInRow.incrementAndGet();
      long backoff = backoffNanos << Math.min(failures - 1, 20);
      if (backoff <= 0 || backoff > maxBackoffNanos) {
        backoff = maxBackoffNanos;
      }
      isolatedUntilNanos = System.nanoTime() + backoff;
      if (failures == 1) {
        log.warn("{} isolated for {} ms after a connection failure: {}", endpoint, backoff / 1_000_000, reason);
      }
    }

    /** An answer came back over a connection: no longer isolated. */
    void answered() {
      if (failuresInRow.get() != 0) {
        failuresInRow.set(0);
        isolatedUntilNanos = 0;
        log.info("{} answers again; no longer isolated", endpoint);
      }
    }
  }
}
