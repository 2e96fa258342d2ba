package io.axle.internal;

import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.executor.AxleExecutor;
import io.axle.executor.AxleExecutors;
import io.axle.executor.GroupExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The executors of one runtime by name: the built-in {@code inline}, {@code group} (the default
 * pool, sized by {@code axle.executor.default.*}) and {@code virtual}, plus the named ones the
 * builder registered. Built-in pools are created only when an operation selects them.
 */
final class ExecutorRegistry {
  private final AxleConfig config;
  private final Map<String, AxleExecutor> named;
  private final Map<String, AxleExecutor> created = new LinkedHashMap<>();
  /** The built-in pools of the registry this one follows, taken again when selected (same settings). */
  private final Map<String, AxleExecutor> reusable = new LinkedHashMap<>();

  ExecutorRegistry(AxleConfig config, Map<String, AxleExecutor> named) {
    this.config = config;
    this.named = new LinkedHashMap<>(named);
  }

  /** The executor selected for an operation by {@code axle.executors.Provider.<schema>.<op>}, else {@code axle.executors.default}. */
  AxleExecutor forOperation(String schemaId, String operation) {
    String key = config.mostSpecificKey(CoreConfigKeys.EXECUTORS_PROVIDER, schemaId, operation);
    if (key.equals(CoreConfigKeys.EXECUTORS_PROVIDER.name())) {
      return byName(config.get(CoreConfigKeys.EXECUTORS_DEFAULT), CoreConfigKeys.EXECUTORS_DEFAULT.name());
    }
    return byName(config.getMostSpecific(CoreConfigKeys.EXECUTORS_PROVIDER, schemaId, operation), key);
  }

  private AxleExecutor byName(String name, String key) {
    AxleExecutor executor = created.get(name);
    if (executor != null) {
      return executor;
    }
    executor = reusable.get(name);
    if (executor != null) {
      created.put(name, executor);
      return executor;
    }
    executor = switch (name) {
      case "inline" -> AxleExecutors.inline();
      case "virtual" -> AxleExecutors.virtual("default", burstHandOff(),
          config.get(CoreConfigKeys.EXECUTOR_DEFAULT_BURST_STALL));
      case "group" -> AxleExecutors.group("default")
          .groups(config.get(CoreConfigKeys.EXECUTOR_DEFAULT_GROUP))
          .threadsPerGroup(config.get(CoreConfigKeys.EXECUTOR_DEFAULT_THREAD_PER_GROUP))
          .maxQueueSize(config.get(CoreConfigKeys.EXECUTOR_DEFAULT_MAX_QUEUE_SIZE))
          .burstHandOff(burstHandOff())
          .burstStall(config.get(CoreConfigKeys.EXECUTOR_DEFAULT_BURST_STALL))
          .configPrefix("axle.executor.default")
          .build();
      default -> named.get(name);
    };
    if (executor == null) {
      // The start validated every executor key against these names (AxleConfig.validate, with the user's words).
      throw new IllegalStateException(key + ": " + name + " is no executor of this runtime, though the start "
          + "validated it against " + named.keySet());
    }
    created.put(name, executor);
    return executor;
  }

  /** The settings of the built-in pools, {@code axle.executor.default.*}: a change to any makes new pools. */
  private static final List<String> BUILT_IN_SETTINGS = List.of(CoreConfigKeys.EXECUTOR_DEFAULT_GROUP.name(),
      CoreConfigKeys.EXECUTOR_DEFAULT_THREAD_PER_GROUP.name(), CoreConfigKeys.EXECUTOR_DEFAULT_MAX_QUEUE_SIZE.name(),
      CoreConfigKeys.EXECUTOR_DEFAULT_HAND_OFF.name(), CoreConfigKeys.EXECUTOR_DEFAULT_BURST_STALL.name());

  /**
   * The registry of a changed configuration: the application's executors, and this one's built-in pools when
   * their settings did not change; new built-in pools are made when an operation selects them.
   */
  ExecutorRegistry next(AxleConfig next) {
    ExecutorRegistry registry = new ExecutorRegistry(next, named);
    if (BUILT_IN_SETTINGS.stream().allMatch(key -> config.getRaw(key).equals(next.getRaw(key)))) {
      registry.reusable.putAll(created);
    }
    return registry;
  }

  /**
   * This registry's built-in pools that {@code next} does not use: once no new call can reach them, they are
   * shut down, letting what they queued finish. The application's executors stay until the runtime stops.
   */
  List<AxleExecutor> unusedBy(ExecutorRegistry next) {
    List<AxleExecutor> unused = new ArrayList<>();
    created.forEach((name, executor) -> {
      if (named.get(name) != executor && !next.created.containsValue(executor)) {
        unused.add(executor);
      }
    });
    return unused;
  }

  /** Whether the built-in executors take bursts ({@code axle.executor.default.hand-off: burst}). */
  private boolean burstHandOff() {
    return config.get(CoreConfigKeys.EXECUTOR_DEFAULT_HAND_OFF).equals("burst");
  }

  /** The executors operations selected, then the other named ones, by name; a read-only copy. */
  Map<String, AxleExecutor> inUse() {
    Map<String, AxleExecutor> all = new LinkedHashMap<>(created);
    named.forEach(all::putIfAbsent);
    return java.util.Collections.unmodifiableMap(all);
  }

  /** How an executor is set up, for the start-up log. */
  String describe(AxleExecutor executor) {
    return switch (executor.kind()) {
      case INLINE -> "inline (event loop)";
      case VIRTUAL -> "virtual threads";
      case GROUP -> {
        var stats = executor.stats();
        int groups = Math.max(1, stats.groups().size());
        yield "group '" + executor.name() + "' (" + groups + " groups x " + stats.threads() / groups + " threads"
            + (executor instanceof GroupExecutor g && g.burstHandOff() ? ", bursts" : "") + ")";
      }
      case CUSTOM -> "executor '" + executor.name() + "'";
    };
  }

  /** Shuts every executor down within the grace period; named ones too, as the builder documents. */
  boolean shutdown(Duration grace) {
    List<AxleExecutor> all = new ArrayList<>(created.values());
    named.values().stream().filter(e -> !all.contains(e)).forEach(all::add);
    long deadline = System.nanoTime() + grace.toNanos();
    boolean clean = true;
    for (AxleExecutor executor : all) {
      long left = Math.max(0, deadline - System.nanoTime());
      clean &= executor.shutdown(Duration.ofNanos(left));
    }
    return clean;
  }
}
