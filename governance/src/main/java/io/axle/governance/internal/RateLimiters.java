package io.axle.governance.internal;

import io.github.resilience4j.ratelimiter.RateLimiter;
import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import java.time.Duration;

/** Resilience4j rate limiters that never wait: a call either has a permit now or is refused. */
final class RateLimiters {
  private RateLimiters() {
  }

  static RateLimiter perSecond(String name, int calls) {
    return RateLimiter.of(name, RateLimiterConfig.custom()
        .limitForPeriod(calls)
        .limitRefreshPeriod(Duration.ofSeconds(1))
        .timeoutDuration(Duration.ZERO)
        .build());
  }
}
