package io.axle.governance.internal;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import io.axle.Status;
import io.github.resilience4j.bulkhead.Bulkhead;
import java.util.concurrent.CompletableFuture;

/** The consumer's bulkhead of one operation: a call over its concurrent calls fails at once, not sent. */
public final class ConcurrencyPolicy implements Filter {
  private final Bulkhead bulkhead;
  private final String refusal;
  private final int max;

  public ConcurrencyPolicy(String operation, KeyedSetting<Integer> limit) {
    this.bulkhead = Bulkheads.nonBlocking(operation, limit.value());
    this.max = limit.value();
    this.refusal = operation + " was not sent: its consumer limit of " + limit.value()
        + " concurrent calls was reached (" + limit + ")";
  }

  @Override
  public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
    if (!bulkhead.tryAcquirePermission()) {
      return CompletableFuture.completedFuture(Response.failure(Status.OVERLOADED, refusal));
    }
    CompletableFuture<Response> result;
    try {
      result = next.proceed(call);
    } catch (RuntimeException e) {
      bulkhead.onComplete();
      throw e;
    }
    // However it ends, an exceptional future included, the slot is given back once.
    return result.whenComplete((response, error) -> bulkhead.onComplete());
  }

  @Override
  public String name() {
    return "max-concurrent(" + max + ")";
  }
}
