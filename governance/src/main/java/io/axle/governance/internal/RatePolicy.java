package io.axle.governance.internal;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import io.axle.Status;
import io.github.resilience4j.ratelimiter.RateLimiter;
import java.util.concurrent.CompletableFuture;

/** The consumer's rate limit of one operation: a call over it fails at once, not sent. */
public final class RatePolicy implements Filter {
  private final RateLimiter limiter;
  private final String refusal;
  private final int perSecond;

  public RatePolicy(String operation, KeyedSetting<Integer> limit) {
    this.limiter = RateLimiters.perSecond(operation, limit.value());
    this.perSecond = limit.value();
    this.refusal = operation + " was not sent: its consumer rate limit of " + limit.value()
        + " calls per second was reached (" + limit + ")";
  }

  @Override
  public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
    if (!limiter.acquirePermission()) {
      return CompletableFuture.completedFuture(Response.failure(Status.OVERLOADED, refusal));
    }
    return next.proceed(call);
  }

  @Override
  public String name() {
    return "rate-limit(" + perSecond + "/s)";
  }
}
