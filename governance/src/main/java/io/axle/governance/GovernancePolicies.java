package io.axle.governance;

import io.axle.Filter;
import io.axle.config.AxleConfig;
import io.axle.governance.internal.AdaptiveLimit;
import io.axle.governance.internal.BreakerPolicy;
import io.axle.governance.internal.BreakerSettings;
import io.axle.governance.internal.InstanceBreakerPolicy;
import io.axle.governance.internal.ConcurrencyAdmission;
import io.axle.governance.internal.ConcurrencyPolicy;
import io.axle.governance.internal.KeyedSetting;
import io.axle.governance.internal.RateAdmission;
import io.axle.governance.internal.RatePolicy;
import io.axle.policy.Admission;
import io.axle.policy.OperationScope;
import io.axle.policy.PolicyFactory;
import io.axle.policy.PolicyState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The governance policies of one runtime (docs/governance.md). Consumer links, outermost first:
 * bulkhead, rate limit, circuit breaker — the breaker after the consumer's own limits, so that
 * their refusals never count as failures of the provider; the rate limit after the bulkhead, since
 * a rate permit cannot be given back and one spent on a call the bulkhead refuses would be lost.
 * Provider admissions, in the order asked, for the same reason: bulkhead, adaptive limit, rate
 * limit; a later refusal gives the earlier tickets back as not run, which the adaptive limit ignores.
 *
 * <p>Found through {@link java.util.ServiceLoader}, one instance per runtime start; adaptive
 * limits are shared by the operations that take them from the same key.
 */
public final class GovernancePolicies implements PolicyFactory {
  /** Adaptive limits by the key that set them (and its resolved settings), shared by their operations. */
  private final Map<String, AdaptiveLimit> adaptiveLimits = new ConcurrentHashMap<>();
  /** The breakers made, per operation and per instance, for the states each metrics window shows. */
  private final List<BreakerPolicy> breakers = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final List<InstanceBreakerPolicy> instanceBreakers = new java.util.concurrent.CopyOnWriteArrayList<>();

  @Override
  public List<Filter> consumerPolicies(OperationScope scope) {
    AxleConfig config = scope.config();
    String[] path = scope.consumerPath();
    String operation = scope.operation().qualifiedName();
    List<Filter> links = new ArrayList<>(3);
    KeyedSetting<Integer> concurrent = KeyedSetting.of(config, GovernanceKeys.CONSUMER_MAX_CONCURRENT, path);
    if (concurrent.value() > 0) {
      links.add(new ConcurrencyPolicy(operation, concurrent));
    }
    KeyedSetting<Integer> rate = KeyedSetting.of(config, GovernanceKeys.CONSUMER_RATE_LIMIT, path);
    if (rate.value() > 0) {
      links.add(new RatePolicy(operation, rate));
    }
    if (config.getMostSpecific(GovernanceKeys.BREAKER_ENABLED, path)
        && !config.getMostSpecific(GovernanceKeys.BREAKER_PER_INSTANCE, path)) {
      BreakerPolicy breaker = new BreakerPolicy(BreakerSettings.of(config, path), scope.service(), scope.operation());
      breakers.add(breaker);
      links.add(breaker);
    }
    return links;
  }

  @Override
  public List<Filter> attemptPolicies(OperationScope scope) {
    AxleConfig config = scope.config();
    String[] path = scope.consumerPath();
    if (config.getMostSpecific(GovernanceKeys.BREAKER_ENABLED, path)
        && config.getMostSpecific(GovernanceKeys.BREAKER_PER_INSTANCE, path)) {
      InstanceBreakerPolicy breaker = new InstanceBreakerPolicy(BreakerSettings.of(config, path), scope.service(),
          scope.operation());
      instanceBreakers.add(breaker);
      return List.of(breaker);
    }
    return List.of();
  }

  /** Breakers that are not closed (a closed one is the usual case, and would only crowd the line), and adaptive limits. */
  @Override
  public List<PolicyState> states() {
    List<PolicyState> states = new ArrayList<>();
    for (BreakerPolicy breaker : breakers) {
      breaker.openState().ifPresent(states::add);
    }
    for (InstanceBreakerPolicy breaker : instanceBreakers) {
      states.addAll(breaker.openStates());
    }
    for (AdaptiveLimit limit : adaptiveLimits.values()) {
      states.add(limit.state());
    }
    return states;
  }

  @Override
  public List<Admission> providerAdmissions(OperationScope scope) {
    AxleConfig config = scope.config();
    String[] path = scope.providerPath();
    String operation = scope.operation().qualifiedName();
    List<Admission> admissions = new ArrayList<>(3);
    KeyedSetting<Integer> concurrent = KeyedSetting.of(config, GovernanceKeys.PROVIDER_MAX_CONCURRENT, path);
    if (concurrent.value() > 0) {
      admissions.add(new ConcurrencyAdmission(concurrent));
    }
    KeyedSetting<String> algorithm = KeyedSetting.of(config, GovernanceKeys.ADAPTIVE_LIMIT_ALGORITHM, path);
    if (!algorithm.value().equals("off")) {
      AdaptiveLimit.Settings settings = AdaptiveLimit.Settings.of(config, algorithm, path);
      admissions.add(adaptiveLimits.computeIfAbsent(algorithm.key() + " " + settings,
          k -> new AdaptiveLimit(settings)));
    }
    KeyedSetting<Integer> rate = KeyedSetting.of(config, GovernanceKeys.PROVIDER_RATE_LIMIT, path);
    if (rate.value() > 0) {
      admissions.add(new RateAdmission(operation, rate));
    }
    return admissions;
  }
}
