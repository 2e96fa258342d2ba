package io.axle.governance.internal;

import io.axle.AxleException;
import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.policy.PolicyState;
import io.axle.registry.Endpoint;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An operation's circuit breakers, one per instance it calls ({@code axle.governance.breaker.per-instance}),
 * after the endpoint selection: a breaker that is open refuses the attempt before anything is sent,
 * marked not run, so the selection sends the call to another instance (and skips this one for a
 * moment), at no cost to the retry budget since nothing was sent. One instance that fails or turns slow
 * is taken out of this operation's rotation while the others keep it; the breakers are made as
 * instances are first called, and dropped when this operation has not called an instance for a
 * minute (or twice the wait in open), as when it left.
 */
public final class InstanceBreakerPolicy implements Filter {
  private final BreakerSettings settings;
  private final String service;
  private final OperationMeta operation;
  private final Map<Endpoint, Guard> breakers = new ConcurrentHashMap<>();
  /** A breaker not asked for this long is dropped: its instance left (a new one starts closed if it comes back). */
  private final long idleNanos;

  /** One instance's breaker, with when this operation last asked it. */
  private static final class Guard {
    final CircuitBreaker breaker;
    volatile long lastUsedNanos = System.nanoTime();

    Guard(CircuitBreaker breaker) {
      this.breaker = breaker;
    }
  }

  public InstanceBreakerPolicy(BreakerSettings settings, String service, OperationMeta operation) {
    this.settings = settings;
    this.service = service;
    this.operation = operation;
    this.idleNanos = Math.max(java.util.concurrent.TimeUnit.MINUTES.toNanos(1), 2 * settings.waitNanos());
  }

  @Override
  public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
    Endpoint endpoint = call.endpoint();
    Guard guard = breakers.get(endpoint);
    if (guard == null) {
      // A new instance is the moment to forget departed ones, metrics windows or not (not inside
      // computeIfAbsent, which must not change the map).
      dropIdle();
      guard = breakers.computeIfAbsent(endpoint, this::newGuard);
    }
    guard.lastUsedNanos = System.nanoTime();
    CircuitBreaker breaker = guard.breaker;
    if (!breaker.tryAcquirePermission()) {
      return CompletableFuture.completedFuture(Response.failure(AxleException.notRun(Status.OVERLOADED,
          operation.qualifiedName() + " was not sent to " + endpoint + ": the circuit breaker of " + breaker.getName()
              + " is open, after too many of its last calls there failed or were slow " + settings.because())));
    }
    return BreakerSettings.guarded(breaker, () -> next.proceed(call));
  }

  private Guard newGuard(Endpoint endpoint) {
    return new Guard(settings.newBreaker(service + "/" + operation.qualifiedName() + " on " + endpoint));
  }

  /** The states of its breakers that are not closed, for a metrics window. */
  public java.util.List<PolicyState> openStates() {
    java.util.List<PolicyState> states = new java.util.ArrayList<>();
    // Once a window too: a departed instance is not shown open forever.
    dropIdle();
    for (Guard guard : breakers.values()) {
      CircuitBreaker breaker = guard.breaker;
      if (breaker.getState() != CircuitBreaker.State.CLOSED) {
        states.add(new PolicyState("breaker " + breaker.getName(), breaker.getState().name()));
      }
    }
    return states;
  }

  private void dropIdle() {
    long now = System.nanoTime();
    breakers.values().removeIf(guard -> now - guard.lastUsedNanos > idleNanos);
  }

  @Override
  public String name() {
    return "breaker-per-instance(" + settings.description() + ")";
  }
}
