package io.axle.spring.internal;

import io.axle.Axle;
import io.axle.OperationInfo;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigVersion;
import io.axle.config.CoreConfigKeys;
import io.axle.executor.AxleExecutor;
import io.axle.executor.ExecutorStats;
import io.axle.executor.GroupExecutor;
import io.axle.metrics.AxleMetrics;
import io.axle.metrics.NetworkStats;
import io.axle.metrics.Window;
import io.axle.metrics.internal.WindowJson;
import io.axle.policy.PolicyState;
import io.axle.registry.RegistryState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A running runtime as plain maps and lists, which Actuator renders as JSON: what the {@code axle}
 * endpoint shows and the health component's details. Read at the moment it is asked, from the
 * runtime's own snapshots.
 */
final class RuntimeView {
  private static final List<String> TRANSPORTS = List.of("highway", "rest");
  private static final String MASK = "******";
  /** Parts of a key's name that mark its value as a secret. */
  private static final List<String> SECRET_WORDS = List.of("password", "secret", "token", "credential");

  private RuntimeView() {
  }

  /**
   * The service, its listeners, its registry (and whether it is reachable), its executors, and, with metrics,
   * the connections open per transport, side and endpoint as the last window closed.
   */
  static Map<String, Object> of(Axle axle, AxleMetrics metrics) {
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("service", axle.config().get(CoreConfigKeys.SERVICE_NAME));
    Map<String, String> listening = new LinkedHashMap<>();
    for (String transport : TRANSPORTS) {
      axle.endpoint(transport).ifPresent(bound -> listening.put(transport, bound.host() + ":" + bound.port()));
    }
    view.put("listening", listening);
    view.put("config", config(axle));
    RegistryState registry = axle.registryState();
    view.put("registry", Map.of("name", registry.registry(), "reachable", registry.reachable()));
    Map<String, Object> executors = new TreeMap<>();
    axle.executors().forEach((name, executor) -> executors.put(name, executor(executor)));
    view.put("executors", executors);
    if (metrics != null) {
      // As the last window closed; none before the first.
      Window window = metrics.lastWindow();
      List<Map<String, Object>> connections = new ArrayList<>();
      for (NetworkStats stats : window == null ? List.<NetworkStats>of() : window.network()) {
        if (stats.connections() > 0) {
          Map<String, Object> entry = new LinkedHashMap<>();
          entry.put("transport", stats.transport());
          entry.put("side", stats.side());
          entry.put("endpoint", stats.endpoint());
          entry.put("connections", stats.connections());
          connections.add(entry);
        }
      }
      view.put("connections", connections);
    }
    return view;
  }

  /**
   * All of it: {@link #of}, the operations served with their executors and chains, the consumer chain and each reference
   * operation's, the
   * configuration with each value's source, policies and the last window.
   */
  static Map<String, Object> full(Axle axle, AxleMetrics metrics) {
    Map<String, Object> view = of(axle, metrics);
    List<Map<String, Object>> operations = new ArrayList<>();
    for (OperationInfo operation : axle.operations()) {
      Map<String, Object> entry = new LinkedHashMap<>();
      entry.put("name", operation.name());
      entry.put("executor", operation.executor());
      entry.put("chain", operation.chain());
      entry.put("admissions", operation.admissions());
      operations.add(entry);
    }
    view.put("operations", operations);
    view.put("consumerChain", axle.consumerChain());
    view.put("consumerChains", axle.consumerChains());
    view.put("configuration", configuration(axle.config()));
    List<Map<String, String>> policies = new ArrayList<>();
    for (PolicyState policy : axle.policyStates()) {
      policies.add(Map.of("name", policy.name(), "state", policy.state()));
    }
    view.put("policies", policies);
    Window window = metrics == null ? null : metrics.lastWindow();
    view.put("window", window == null ? null : WindowJson.of(window).getMap());
    return view;
  }

  /**
   * The configuration version in force (number, source, hash, when applied, what it changed) and the last
   * change refused, with why: what an operator checks after pushing a change.
   */
  static Map<String, Object> config(Axle axle) {
    Map<String, Object> view = new LinkedHashMap<>();
    ConfigVersion version = axle.configVersion();
    view.put("version", version.number());
    view.put("source", version.source());
    view.put("hash", version.hash());
    view.put("appliedAt", version.appliedAt().toString());
    view.put("changes", version.changes());
    axle.lastRefusedChange().ifPresent(refusal -> view.put("lastRefused", Map.of("source", refusal.source(),
        "at", refusal.at().toString(), "problems", refusal.problems())));
    return view;
  }

  /**
   * Every key that is set, with its value and where it came from; keys left at their defaults are not listed.
   * Secrets (a TLS key's password) show as {@value #MASK}, as Actuator's own {@code env} endpoint hides
   * values: the endpoint is for operators, not for whoever reaches the management port.
   */
  private static Map<String, Object> configuration(AxleConfig config) {
    Map<String, Object> keys = new TreeMap<>();
    for (String key : config.keys()) {
      Map<String, String> entry = new LinkedHashMap<>();
      entry.put("value", isSecret(key) ? MASK : config.getRaw(key).orElse(""));
      entry.put("source", config.sourceOf(key));
      keys.put(key, entry);
    }
    return keys;
  }

  private static boolean isSecret(String key) {
    String name = key.toLowerCase(java.util.Locale.ROOT);
    return SECRET_WORDS.stream().anyMatch(name::contains);
  }

  private static Map<String, Object> executor(AxleExecutor executor) {
    ExecutorStats stats = executor.stats();
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("kind", executor.kind().name().toLowerCase(java.util.Locale.ROOT));
    view.put("threads", stats.threads());
    view.put("active", stats.active());
    view.put("queued", stats.queued());
    view.put("rejected", stats.rejected());
    view.put("completed", stats.completed());
    if (executor instanceof GroupExecutor group) {
      boolean saturated = false;
      for (ExecutorStats one : stats.groups()) {
        saturated |= one.queued() >= group.maxQueueSize();
      }
      view.put("groups", group.groups());
      view.put("threadsPerGroup", group.threadsPerGroup());
      view.put("maxQueueSize", group.maxQueueSize());
      view.put("saturated", saturated);
    }
    return view;
  }
}
