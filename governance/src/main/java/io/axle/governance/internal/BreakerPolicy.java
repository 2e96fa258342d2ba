package io.axle.governance.internal;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import io.axle.Status;
import io.axle.config.AxleConfig;
import io.axle.contract.OperationMeta;
import io.axle.governance.GovernanceKeys;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumer's circuit breaker of one operation (Resilience4j, over a window of the last calls):
 * closed, it counts failures and slow calls; open, it fails calls at once with {@code OVERLOADED},
 * not sent; after its wait it half-opens and lets a few calls through, whose outcome closes or
 * opens it again. Each change of state is logged. It sits before the retry link, so a call and its
 * retries count once, as the caller saw it.
 */
public final class BreakerPolicy implements Filter {
  private static final Logger log = LoggerFactory.getLogger("io.axle.governance");
  private final CircuitBreaker breaker;
  private final String description;
  private final String refusal;

  private BreakerPolicy(CircuitBreaker breaker, String description, String refusal) {
    this.breaker = breaker;
    this.description = description;
    this.refusal = refusal;
  }

  public static BreakerPolicy create(AxleConfig config, String service, OperationMeta operation, String... path) {
    KeyedSetting<Integer> failureRate = KeyedSetting.of(config, GovernanceKeys.BREAKER_FAILURE_RATE, path);
    KeyedSetting<Integer> slowRate = KeyedSetting.of(config, GovernanceKeys.BREAKER_SLOW_CALL_RATE, path);
    Duration slowCall = config.getMostSpecific(GovernanceKeys.BREAKER_SLOW_CALL_DURATION, path);
    KeyedSetting<Integer> windowSetting = KeyedSetting.of(config, GovernanceKeys.BREAKER_WINDOW, path);
    KeyedSetting<Integer> minimumSetting = KeyedSetting.of(config, GovernanceKeys.BREAKER_MINIMUM_CALLS, path);
    boolean minimumSet = config.keys().contains(minimumSetting.key());
    if (minimumSet && minimumSetting.value() > windowSetting.value()) {
      throw new IllegalArgumentException(minimumSetting + " (expected: at most " + windowSetting
          + ": the window never holds more calls)");
    }
    int window = windowSetting.value();
    // The default minimum follows a smaller window down; a minimum that was set is checked above.
    int minimumCalls = Math.min(minimumSetting.value(), window);
    Duration wait = config.getMostSpecific(GovernanceKeys.BREAKER_WAIT_IN_OPEN, path);
    int halfOpenCalls = config.getMostSpecific(GovernanceKeys.BREAKER_HALF_OPEN_CALLS, path);
    String name = service + "/" + operation.qualifiedName();
    CircuitBreaker breaker = CircuitBreaker.of(name, CircuitBreakerConfig.custom()
        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
        .slidingWindowSize(window)
        .minimumNumberOfCalls(minimumCalls)
        .failureRateThreshold(failureRate.value())
        .slowCallRateThreshold(slowRate.value())
        .slowCallDurationThreshold(slowCall)
        .waitDurationInOpenState(wait)
        .permittedNumberOfCallsInHalfOpenState(halfOpenCalls)
        .build());
    String description = "breaker(" + failureRate.value() + "% failed or " + slowRate.value() + "% over "
        + slowCall.toMillis() + " ms of " + window + " calls; open " + wait.toMillis() + " ms)";
    String enabledKey = config.mostSpecificKey(GovernanceKeys.BREAKER_ENABLED, path);
    breaker.getEventPublisher().onStateTransition(event -> {
      CircuitBreaker.StateTransition transition = event.getStateTransition();
      CircuitBreaker.Metrics metrics = breaker.getMetrics();
      if (transition.getToState() == CircuitBreaker.State.OPEN) {
        log.warn("circuit breaker of {}: {} -> OPEN: {}% of the last {} calls failed, {}% were slow ({}); calls "
            + "fail at once for {} ms", name, transition.getFromState(), metrics.getFailureRate(),
            metrics.getNumberOfBufferedCalls(), metrics.getSlowCallRate(), description, wait.toMillis());
      } else {
        log.info("circuit breaker of {}: {} -> {}", name, transition.getFromState(), transition.getToState());
      }
    });
    String refusal = operation.qualifiedName() + " was not sent: the circuit breaker of " + name
        + " is open, after too many of its last calls failed or were slow (" + enabledKey + ": true; "
        + description + ")";
    return new BreakerPolicy(breaker, description, refusal);
  }

  @Override
  public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
    if (!breaker.tryAcquirePermission()) {
      return CompletableFuture.completedFuture(Response.failure(Status.OVERLOADED, refusal));
    }
    long start = System.nanoTime();
    CompletableFuture<Response> result;
    try {
      result = next.proceed(call);
    } catch (RuntimeException e) {
      breaker.onError(System.nanoTime() - start, TimeUnit.NANOSECONDS, e);
      throw e;
    }
    return result.whenComplete((response, error) -> {
      long took = System.nanoTime() - start;
      if (error != null) {
        breaker.onError(took, TimeUnit.NANOSECONDS, error);
      } else if (Outcomes.failed(response)) {
        breaker.onError(took, TimeUnit.NANOSECONDS, response.error());
      } else {
        breaker.onSuccess(took, TimeUnit.NANOSECONDS);
      }
    });
  }

  /** The breaker's state now: CLOSED, OPEN, HALF_OPEN (or a forced state). */
  public CircuitBreaker.State state() {
    return breaker.getState();
  }

  @Override
  public String name() {
    return description;
  }
}
