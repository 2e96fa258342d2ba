package io.axle.governance.internal;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.policy.PolicyState;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.util.concurrent.CompletableFuture;

/**
 * The consumer's circuit breaker of one operation over all its instances (Resilience4j, over a
 * window of the last calls): closed, it counts failures and slow calls; open, it fails calls at once
 * with {@code OVERLOADED}, not sent; after its wait it half-opens and lets a few calls through, whose
 * outcome closes or opens it again. Each change of state is logged. It sits before the retry link,
 * so a call and its retries count once, as the caller saw it.
 */
public final class BreakerPolicy implements Filter {
  private final CircuitBreaker breaker;
  private final String name;
  private final String description;
  private final String refusal;

  public BreakerPolicy(BreakerSettings settings, String service, OperationMeta operation) {
    String name = service + "/" + operation.qualifiedName();
    this.name = name;
    this.breaker = settings.newBreaker(name);
    this.description = "breaker(" + settings.description() + ")";
    this.refusal = operation.qualifiedName() + " was not sent: the circuit breaker of " + name
        + " is open, after too many of its last calls failed or were slow " + settings.because();
  }

  @Override
  public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
    if (!breaker.tryAcquirePermission()) {
      return CompletableFuture.completedFuture(Response.failure(Status.OVERLOADED, refusal));
    }
    return BreakerSettings.guarded(breaker, () -> next.proceed(call));
  }

  /** Its state for a metrics window, unless it is closed. */
  public java.util.Optional<PolicyState> openState() {
    CircuitBreaker.State state = breaker.getState();
    return state == CircuitBreaker.State.CLOSED ? java.util.Optional.empty()
        : java.util.Optional.of(new PolicyState("breaker " + name, state.name()));
  }

  @Override
  public String name() {
    return description;
  }
}
