package io.axle.governance;

import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeyProvider;
import java.time.Duration;
import java.util.List;

/**
 * The keys of the governance policies. Consumer keys take {@code .<service>[.<schema>[.<operation>]]}
 * suffixes, provider keys {@code .<schema>[.<operation>]}; the most specific one set applies, as for
 * {@code axle.request.timeout}.
 */
public final class GovernanceKeys implements ConfigKeyProvider {
  /** Public for {@link java.util.ServiceLoader}; the keys themselves are the constants. */
  public GovernanceKeys() {
  }

  public static final ConfigKey<Integer> CONSUMER_RATE_LIMIT = ConfigKey.intKey(
      "axle.governance.consumer.rate-limit", 0, 0, 10_000_000,
      "Consumer, per operation: at most this many calls may start in each second; a call over it fails at "
          + "once with OVERLOADED, not sent; 0 sets no limit.").family().live();

  public static final ConfigKey<Integer> CONSUMER_MAX_CONCURRENT = ConfigKey.intKey(
      "axle.governance.consumer.max-concurrent", 0, 0, 1_000_000,
      "Consumer, per operation (a bulkhead): at most this many calls may be in flight at once; one more fails "
          + "at once with OVERLOADED, not sent; 0 sets no limit.").family().live();

  public static final ConfigKey<Boolean> BREAKER_ENABLED = ConfigKey.booleanKey(
      "axle.governance.breaker.enabled", false,
      "Consumer, per operation: a circuit breaker that opens when too many of the last calls failed or were "
          + "slow, failing calls at once with OVERLOADED while open, then lets a few through to try.").family().live();

  public static final ConfigKey<Boolean> BREAKER_PER_INSTANCE = ConfigKey.booleanKey(
      "axle.governance.breaker.per-instance", false,
      "Consumer: keep an operation's breaker per instance, after the endpoint selection: an instance whose breaker "
          + "is open is passed over for the others (the call is not sent there), instead of failing the call.")
      .family().live();

  public static final ConfigKey<Integer> BREAKER_FAILURE_RATE = ConfigKey.intKey(
      "axle.governance.breaker.failure-rate", 50, 1, 100,
      "The share of failed calls in the breaker's window, in percent, at which it opens. Failures are "
          + "CONNECTION_FAILED, DEADLINE_EXCEEDED, OVERLOADED, SHUTTING_DOWN, PROVIDER_ERROR and INTERNAL_ERROR; "
          + "a declared error, BAD_REQUEST and NOT_FOUND are answers, not failures.").family().live();

  public static final ConfigKey<Integer> BREAKER_SLOW_CALL_RATE = ConfigKey.intKey(
      "axle.governance.breaker.slow-call-rate", 100, 1, 100,
      "The share of slow calls (see slow-call-duration) in the breaker's window, in percent, at which it "
          + "opens.").family().live();

  public static final ConfigKey<Duration> BREAKER_SLOW_CALL_DURATION = ConfigKey.durationKey(
      "axle.governance.breaker.slow-call-duration", Duration.ofSeconds(1), Duration.ofMillis(1),
      "A call that takes longer than this counts as slow for the breaker.").family().live();

  public static final ConfigKey<Integer> BREAKER_WINDOW = ConfigKey.intKey(
      "axle.governance.breaker.window", 20, 1, 100_000,
      "How many of the last calls the breaker's rates are computed over.").family().live();

  public static final ConfigKey<Integer> BREAKER_MINIMUM_CALLS = ConfigKey.intKey(
      "axle.governance.breaker.minimum-calls", 10, 1, 100_000,
      "The breaker judges no rate before this many calls are in its window.").family().live();

  public static final ConfigKey<Duration> BREAKER_WAIT_IN_OPEN = ConfigKey.durationKey(
      "axle.governance.breaker.wait-in-open", Duration.ofSeconds(5), Duration.ofMillis(1),
      "How long an open breaker fails calls before it half-opens and lets a few through.").family().live();

  public static final ConfigKey<Integer> BREAKER_HALF_OPEN_CALLS = ConfigKey.intKey(
      "axle.governance.breaker.half-open-calls", 3, 1, 10_000,
      "How many calls a half-open breaker lets through; their rates decide whether it closes or opens "
          + "again.").family().live();

  public static final ConfigKey<Integer> PROVIDER_RATE_LIMIT = ConfigKey.intKey(
      "axle.governance.provider.rate-limit", 0, 0, 10_000_000,
      "Provider, per operation: at most this many calls may start in each second; a call over it is "
          + "answered OVERLOADED before it is queued, marked not run; 0 sets no limit.").family().live();

  public static final ConfigKey<Integer> PROVIDER_MAX_CONCURRENT = ConfigKey.intKey(
      "axle.governance.provider.max-concurrent", 0, 0, 1_000_000,
      "Provider, per operation (a bulkhead): at most this many calls may be queued or running at once; one "
          + "more is answered OVERLOADED before it is queued, marked not run; 0 sets no limit.").family().live();

  public static final ConfigKey<String> ADAPTIVE_LIMIT_ALGORITHM = ConfigKey.choiceKey(
      "axle.governance.adaptive-limit.algorithm", "off",
      "Provider: an adaptive concurrency limit learned from the latency of the calls (Netflix "
          + "concurrency-limits). Above it a call is answered OVERLOADED before it is queued, marked not run. "
          + "Operations that take it from the same key share one limit.",
      "off", "gradient2", "vegas").family().live();

  public static final ConfigKey<Integer> ADAPTIVE_LIMIT_INITIAL = ConfigKey.intKey(
      "axle.governance.adaptive-limit.initial-limit", 20, 1, 1_000_000,
      "The adaptive limit's concurrent calls before it has learned anything.").family().live();

  public static final ConfigKey<Integer> ADAPTIVE_LIMIT_MIN = ConfigKey.intKey(
      "axle.governance.adaptive-limit.min-limit", 4, 1, 1_000_000,
      "Gradient2 only: the adaptive limit never goes below this many concurrent calls (Vegas ignores it).")
      .family().live();

  public static final ConfigKey<Integer> ADAPTIVE_LIMIT_MAX = ConfigKey.intKey(
      "axle.governance.adaptive-limit.max-limit", 1000, 1, 1_000_000,
      "The adaptive limit never goes above this many concurrent calls.").family().live();

  public static final ConfigKey<Integer> ADAPTIVE_LIMIT_RTT_TOLERANCE = ConfigKey.intKey(
      "axle.governance.adaptive-limit.rtt-tolerance-percent", 110, 100, 1000,
      "Gradient2 only: how far, in percent of the long-run average, the recent latency may rise before the limit "
          + "falls; lower keeps queues shorter, higher takes more latency for throughput. Axle's default is 110 (the "
          + "library's is 150, which let queues grow to twice the service time in the overload scenario).").family().live();

  @Override
  public List<ConfigKey<?>> keys() {
    return List.of(CONSUMER_RATE_LIMIT, CONSUMER_MAX_CONCURRENT, BREAKER_ENABLED, BREAKER_PER_INSTANCE,
        BREAKER_FAILURE_RATE,
        BREAKER_SLOW_CALL_RATE, BREAKER_SLOW_CALL_DURATION, BREAKER_WINDOW, BREAKER_MINIMUM_CALLS,
        BREAKER_WAIT_IN_OPEN, BREAKER_HALF_OPEN_CALLS, PROVIDER_RATE_LIMIT, PROVIDER_MAX_CONCURRENT,
        ADAPTIVE_LIMIT_ALGORITHM, ADAPTIVE_LIMIT_INITIAL, ADAPTIVE_LIMIT_MIN, ADAPTIVE_LIMIT_MAX,
        ADAPTIVE_LIMIT_RTT_TOLERANCE);
  }
}
