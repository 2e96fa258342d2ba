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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

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
  /**
   * The policies in use, by what each guards ({@code kind service/schema.operation}), with the settings it was
   * made from. The chains are assembled again when the configuration changes: a policy whose settings did not
   * change is taken again, keeping its state (a breaker's window, a bulkhead's calls in flight, a rate's
   * permits); one whose settings changed is made anew; one no longer configured is dropped, and with it its
   * state from the metrics windows.
   */
  private final Map<String, Made> inUse = new ConcurrentHashMap<>();
  /**
   * During a configuration change ({@link #changeStarted} to {@link #changeEnded}), what its assembly made or
   * dropped, by what each guards ({@link #DROPPED} for dropped): kept apart from {@link #inUse} until the change is
   * in force, since a refused one must leave the running policies, and the states the windows show, as they were.
   * Null outside a change, when what is made (at start, for a new reference) is in force at once.
   */
  private Map<String, Made> changing;
  private static final Made DROPPED = new Made("", null);

  private record Made(String settings, Object policy) {
  }

  @Override
  public synchronized void changeStarted() {
    changing = new java.util.HashMap<>();
  }

  @Override
  public synchronized void changeEnded(boolean applied) {
    Map<String, Made> made = changing;
    changing = null;
    if (applied && made != null) {
      made.forEach((guarded, policy) -> {
        if (policy == DROPPED) {
          inUse.remove(guarded);
        } else {
          inUse.put(guarded, policy);
        }
      });
    }
    // Limits no operation in force takes (given up, or made for a refused change): asked for again, they start
    // afresh.
    Set<Object> used = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    inUse.values().forEach(each -> used.add(each.policy()));
    adaptiveLimits.values().removeIf(limit -> !used.contains(limit));
  }

  @Override
  public List<Filter> consumerPolicies(OperationScope scope) {
    AxleConfig config = scope.config();
    String[] path = scope.consumerPath();
    String operation = scope.operation().qualifiedName();
    String guarded = scope.service() + "/" + operation;
    List<Filter> links = new ArrayList<>(3);
    KeyedSetting<Integer> concurrent = KeyedSetting.of(config, GovernanceKeys.CONSUMER_MAX_CONCURRENT, path);
    links.addAll(use("consumer-bulkhead " + guarded, concurrent.value() > 0, concurrent.toString(),
        () -> new ConcurrencyPolicy(operation, concurrent)));
    KeyedSetting<Integer> rate = KeyedSetting.of(config, GovernanceKeys.CONSUMER_RATE_LIMIT, path);
    links.addAll(use("consumer-rate " + guarded, rate.value() > 0, rate.toString(),
        () -> new RatePolicy(operation, rate)));
    boolean breaker = config.getMostSpecific(GovernanceKeys.BREAKER_ENABLED, path)
        && !config.getMostSpecific(GovernanceKeys.BREAKER_PER_INSTANCE, path);
    BreakerSettings settings = breaker ? BreakerSettings.of(config, path) : null;
    links.addAll(use("breaker " + guarded, breaker, breaker ? settings.identity() : "",
        () -> new BreakerPolicy(settings, scope.service(), scope.operation())));
    return links;
  }

  @Override
  public List<Filter> attemptPolicies(OperationScope scope) {
    AxleConfig config = scope.config();
    String[] path = scope.consumerPath();
    boolean breaker = config.getMostSpecific(GovernanceKeys.BREAKER_ENABLED, path)
        && config.getMostSpecific(GovernanceKeys.BREAKER_PER_INSTANCE, path);
    BreakerSettings settings = breaker ? BreakerSettings.of(config, path) : null;
    return use("instance-breaker " + scope.service() + "/" + scope.operation().qualifiedName(), breaker,
        breaker ? settings.identity() : "", () -> new InstanceBreakerPolicy(settings, scope.service(),
            scope.operation()));
  }

  /** Breakers that are not closed (a closed one is the usual case, and would only crowd the line), and adaptive limits. */
  @Override
  public List<PolicyState> states() {
    List<PolicyState> states = new ArrayList<>();
    Set<AdaptiveLimit> limits = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (Made made : new java.util.TreeMap<>(inUse).values()) {
      if (made.policy() instanceof BreakerPolicy breaker) {
        breaker.openState().ifPresent(states::add);
      } else if (made.policy() instanceof InstanceBreakerPolicy breaker) {
        states.addAll(breaker.openStates());
      } else if (made.policy() instanceof AdaptiveLimit limit && limits.add(limit)) {
        states.add(limit.state());
      }
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
    admissions.addAll(use("provider-bulkhead " + operation, concurrent.value() > 0, concurrent.toString(),
        () -> new ConcurrencyAdmission(concurrent)));
    KeyedSetting<String> algorithm = KeyedSetting.of(config, GovernanceKeys.ADAPTIVE_LIMIT_ALGORITHM, path);
    boolean adaptive = !algorithm.value().equals("off");
    AdaptiveLimit.Settings settings = adaptive ? AdaptiveLimit.Settings.of(config, algorithm, path) : null;
    String shared = adaptive ? algorithm.key() + " " + settings : "";
    admissions.addAll(use("adaptive-limit " + operation, adaptive, shared,
        () -> adaptiveLimits.computeIfAbsent(shared, k -> new AdaptiveLimit(settings))));
    KeyedSetting<Integer> rate = KeyedSetting.of(config, GovernanceKeys.PROVIDER_RATE_LIMIT, path);
    admissions.addAll(use("provider-rate " + operation, rate.value() > 0, rate.toString(),
        () -> new RateAdmission(operation, rate)));
    return admissions;
  }

  /**
   * The policy guarding {@code guarded}: the one in use when its settings are the same, else a new one; none
   * (and the one in use dropped) when {@code wanted} is false.
   */
  @SuppressWarnings("unchecked")
  private synchronized <P> List<P> use(String guarded, boolean wanted, String settings, Supplier<P> make) {
    Map<String, Made> into = changing != null ? changing : inUse;
    if (!wanted) {
      if (changing != null) {
        changing.put(guarded, DROPPED);
      } else {
        inUse.remove(guarded);
      }
      return List.of();
    }
    Made current = changing != null && changing.containsKey(guarded) ? changing.get(guarded) : inUse.get(guarded);
    Made made = current != null && current != DROPPED && current.settings().equals(settings) ? current
        : new Made(settings, make.get());
    into.put(guarded, made);
    return List.of((P) made.policy());
  }
}
