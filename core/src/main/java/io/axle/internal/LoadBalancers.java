package io.axle.internal;

import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.loadbalance.LoadBalancer;
import io.axle.loadbalance.internal.LeastOutstanding;
import io.axle.loadbalance.internal.RoundRobin;
import io.axle.loadbalance.internal.WeightedRandom;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The load balancers by name: the built-in ones and those registered with the builder. Each
 * operation of a reference gets a new one, so round-robin turns per operation.
 */
final class LoadBalancers {
  /** The built-in strategies, by their names in {@code axle.loadbalance.strategy}. */
  static final Map<String, Supplier<? extends LoadBalancer>> BUILT_IN = builtIn();

  private final AxleConfig config;
  private final Map<String, Supplier<? extends LoadBalancer>> byName = new LinkedHashMap<>(BUILT_IN);

  /** An operation's balancer and the name it was chosen by, for the chain printed at start-up. */
  record Choice(String name, LoadBalancer balancer) {
  }

  LoadBalancers(AxleConfig config, Map<String, Supplier<? extends LoadBalancer>> registered) {
    this.config = config;
    byName.putAll(registered);
  }

  private static Map<String, Supplier<? extends LoadBalancer>> builtIn() {
    Map<String, Supplier<? extends LoadBalancer>> builtIn = new LinkedHashMap<>();
    builtIn.put(RoundRobin.NAME, RoundRobin::new);
    builtIn.put(WeightedRandom.NAME, WeightedRandom::new);
    builtIn.put(LeastOutstanding.NAME, LeastOutstanding::new);
    return java.util.Collections.unmodifiableMap(builtIn);
  }

  /**
   * A new balancer for an operation.
   *
   * @throws IllegalArgumentException naming the key, the value and the names there are
   */
  Choice create(String service, String schemaId, String operation) {
    String name = config.getMostSpecific(CoreConfigKeys.LOADBALANCE_STRATEGY, service, schemaId, operation);
    Supplier<? extends LoadBalancer> supplier = byName.get(name);
    if (supplier == null) {
      String key = config.mostSpecificKey(CoreConfigKeys.LOADBALANCE_STRATEGY, service, schemaId, operation);
      throw new IllegalArgumentException(key + ": " + name + " (expected: one of " + byName.keySet()
          + ", or a name registered with Axle.Builder#loadBalancer) — " + config.origin(key));
    }
    return new Choice(name, supplier.get());
  }

  /** The strategy a reference without its own setting gets, for the start-up log. */
  String defaultName() {
    return config.get(CoreConfigKeys.LOADBALANCE_STRATEGY);
  }
}
