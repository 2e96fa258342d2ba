package io.axle.governance.internal;

import io.axle.Response;
import io.axle.config.AxleConfig;
import io.axle.governance.GovernanceKeys;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The breaker keys ({@code axle.governance.breaker.*}) as resolved for one operation, and what every
 * breaker made from them shares: a Resilience4j breaker over a count-based window, each change of
 * state logged, and how a call is guarded and counted.
 */
public final class BreakerSettings {
  private static final Logger log = LoggerFactory.getLogger("io.axle.governance");

  private final CircuitBreakerConfig config;
  private final String description;
  private final String enabledKey;
  private final long waitMillis;
  private final int halfOpenCalls;
  private final int minimumCalls;

  private BreakerSettings(CircuitBreakerConfig config, String description, String enabledKey, long waitMillis,
      int halfOpenCalls, int minimumCalls) {
    this.config = config;
    this.description = description;
    this.enabledKey = enabledKey;
    this.waitMillis = waitMillis;
    this.halfOpenCalls = halfOpenCalls;
    this.minimumCalls = minimumCalls;
  }

  /** Every setting, as text: two breakers made from equal texts behave alike. */
  public String identity() {
    return description + "; at least " + minimumCalls + " calls; " + halfOpenCalls + " half-open calls; "
        + enabledKey;
  }

  /** @throws IllegalArgumentException naming both keys when a set minimum exceeds the window */
  public static BreakerSettings of(AxleConfig config, String... path) {
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
    CircuitBreakerConfig breakerConfig = CircuitBreakerConfig.custom()
        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
        .slidingWindowSize(window)
        .minimumNumberOfCalls(minimumCalls)
        .failureRateThreshold(failureRate.value())
        .slowCallRateThreshold(slowRate.value())
        .slowCallDurationThreshold(slowCall)
        .waitDurationInOpenState(wait)
        .permittedNumberOfCallsInHalfOpenState(halfOpenCalls)
        .build();
    String description = failureRate.value() + "% failed or " + slowRate.value() + "% over " + slowCall.toMillis()
        + " ms of " + window + " calls; open " + wait.toMillis() + " ms";
    return new BreakerSettings(breakerConfig, description,
        config.mostSpecificKey(GovernanceKeys.BREAKER_ENABLED, path), wait.toMillis(), halfOpenCalls, minimumCalls);
  }

  /** A new breaker named {@code name} (what its log lines say it guards). */
  CircuitBreaker newBreaker(String name) {
    CircuitBreaker breaker = CircuitBreaker.of(name, config);
    breaker.getEventPublisher().onStateTransition(event -> {
      CircuitBreaker.StateTransition transition = event.getStateTransition();
      CircuitBreaker.Metrics metrics = breaker.getMetrics();
      if (transition.getToState() == CircuitBreaker.State.OPEN) {
        log.warn("circuit breaker of {}: {} -> OPEN: {}% of the last {} calls failed, {}% were slow ({}); calls "
            + "fail at once for {} ms", name, transition.getFromState(), metrics.getFailureRate(),
            metrics.getNumberOfBufferedCalls(), metrics.getSlowCallRate(), description, waitMillis);
      } else {
        log.info("circuit breaker of {}: {} -> {}", name, transition.getFromState(), transition.getToState());
      }
    });
    return breaker;
  }

  /** {@code (key: true; rates …)}, for a refusal's message. */
  String because() {
    return "(" + enabledKey + ": true; " + description + ")";
  }

  String description() {
    return description;
  }

  long waitNanos() {
    return java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(waitMillis);
  }

  /** Runs {@code call} counted by {@code breaker}: failures and slow calls as it judges them, answers as successes. */
  static CompletableFuture<Response> guarded(CircuitBreaker breaker, Supplier<CompletableFuture<Response>> call) {
    long start = System.nanoTime();
    CompletableFuture<Response> result;
    try {
      result = call.get();
    } catch (RuntimeException e) {
      breaker.onError(System.nanoTime() - start, TimeUnit.NANOSECONDS, e);
      throw e;
    }
    return result.whenComplete((response, error) -> {
      long took = System.nanoTime() - start;
      if (error instanceof java.util.concurrent.CancellationException
          || error instanceof java.util.concurrent.CompletionException
          && error.getCause() instanceof java.util.concurrent.CancellationException) {
        // A hedged attempt that lost was given up by this consumer: it says nothing of the instance.
        breaker.releasePermission();
      } else if (error != null) {
        breaker.onError(took, TimeUnit.NANOSECONDS, error);
      } else if (Outcomes.failed(response)) {
        breaker.onError(took, TimeUnit.NANOSECONDS, response.error());
      } else {
        breaker.onSuccess(took, TimeUnit.NANOSECONDS);
      }
    });
  }
}
