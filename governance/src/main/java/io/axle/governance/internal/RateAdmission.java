package io.axle.governance.internal;

import io.axle.policy.Admission;
import io.github.resilience4j.ratelimiter.RateLimiter;

/** The provider's rate limit of one operation, asked before a call is queued. */
public final class RateAdmission implements Admission {
  private static final Ticket NOTHING_TO_RELEASE = response -> { };
  private final RateLimiter limiter;
  private final String refusal;
  private final int perSecond;

  public RateAdmission(String operation, KeyedSetting<Integer> limit) {
    this.limiter = RateLimiters.perSecond(operation, limit.value());
    this.perSecond = limit.value();
    this.refusal = "its provider rate limit of " + limit.value() + " calls per second was reached (" + limit + ")";
  }

  @Override
  public Ticket tryAdmit() {
    return limiter.acquirePermission() ? NOTHING_TO_RELEASE : null;
  }

  @Override
  public String refusal() {
    return refusal;
  }

  @Override
  public String name() {
    return "rate-limit(" + perSecond + "/s)";
  }
}
