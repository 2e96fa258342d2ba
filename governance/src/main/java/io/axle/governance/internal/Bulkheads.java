package io.axle.governance.internal;

import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.bulkhead.BulkheadConfig;
import java.time.Duration;

/** Resilience4j semaphore bulkheads that never wait: a call has a slot now or is refused. */
final class Bulkheads {
  private Bulkheads() {
  }

  static Bulkhead nonBlocking(String name, int maxConcurrent) {
    return Bulkhead.of(name, BulkheadConfig.custom()
        .maxConcurrentCalls(maxConcurrent)
        .maxWaitDuration(Duration.ZERO)
        .build());
  }
}
