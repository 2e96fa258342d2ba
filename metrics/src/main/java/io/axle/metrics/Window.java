package io.axle.metrics;

import io.axle.Role;
import io.axle.Status;
import io.axle.config.ConfigVersion;
import io.axle.policy.PolicyState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One closed metrics window: what happened between {@code start} and {@code end}. Immutable.
 *
 * <p>Keys with no call in the window are absent (a window does not carry anything over from the one
 * before it), so an idle operation has no row rather than a row of zeros.
 *
 * @param start when the window opened (wall clock)
 * @param end when it closed (wall clock)
 * @param duration its length, measured on the {@link System#nanoTime()} clock that TPS is computed from
 * @param operations one row per role, transport, operation and status
 * @param totals one row per role, transport and operation, all statuses together (status {@code null})
 * @param pools the runtime's executors
 * @param cpu process and system CPU
 * @param network bytes per second in and out per transport, side and endpoint that had traffic in the
 *     window (only the runtimes installed with {@link AxleMetrics#install})
 * @param policies the governance policies' states when the window closed (breakers not closed, adaptive
 *     limits); empty without any
 * @param config the configuration version in force when the window closed; null for a window not measured
 *     from a runtime
 * @param configAtStart the one in force when it opened: another when a change landed inside the window
 */
public record Window(Instant start, Instant end, Duration duration, List<OperationStats> operations,
    List<OperationStats> totals, List<PoolStats> pools, CpuStats cpu, List<NetworkStats> network,
    List<PolicyState> policies, ConfigVersion config, ConfigVersion configAtStart) {

  public Window {
    operations = List.copyOf(operations);
    totals = List.copyOf(totals);
    pools = List.copyOf(pools);
    network = List.copyOf(network);
    policies = List.copyOf(policies);
  }

  /** A window without a configuration version (one not measured from a runtime). */
  public Window(Instant start, Instant end, Duration duration, List<OperationStats> operations,
      List<OperationStats> totals, List<PoolStats> pools, CpuStats cpu, List<NetworkStats> network,
      List<PolicyState> policies) {
    this(start, end, duration, operations, totals, pools, cpu, network, policies, null, null);
  }

  /**
   * Whether the configuration changed while the window was open: its calls ran partly under {@link
   * #configAtStart}, partly under {@link #config}.
   */
  public boolean spansConfigChange() {
    return config != null && configAtStart != null && config.number() != configAtStart.number();
  }

  /** A window without policy states. */
  public Window(Instant start, Instant end, Duration duration, List<OperationStats> operations,
      List<OperationStats> totals, List<PoolStats> pools, CpuStats cpu, List<NetworkStats> network) {
    this(start, end, duration, operations, totals, pools, cpu, network, List.of());
  }

  /** A window without network figures. */
  public Window(Instant start, Instant end, Duration duration, List<OperationStats> operations,
      List<OperationStats> totals, List<PoolStats> pools, CpuStats cpu) {
    this(start, end, duration, operations, totals, pools, cpu, List.of());
  }

  /** The row of that key, or {@code null} if no such call ended in the window. */
  public OperationStats operation(Role role, String transport, String operation, Status status) {
    for (OperationStats stats : operations) {
      if (stats.role() == role && stats.transport().equals(transport) && stats.operation().equals(operation)
          && stats.status() == status) {
        return stats;
      }
    }
    return null;
  }

  /** The all-statuses row of that operation, or {@code null} if none of its calls ended in the window. */
  public OperationStats total(Role role, String transport, String operation) {
    for (OperationStats stats : totals) {
      if (stats.role() == role && stats.transport().equals(transport) && stats.operation().equals(operation)) {
        return stats;
      }
    }
    return null;
  }

  /** Calls that ended in the window, every key together. */
  public long count() {
    long count = 0;
    for (OperationStats stats : totals) {
      count += stats.count();
    }
    return count;
  }

  /** The executor of that name, or {@code null}. */
  public PoolStats pool(String name) {
    for (PoolStats pool : pools) {
      if (pool.name().equals(name)) {
        return pool;
      }
    }
    return null;
  }

  /**
   * The network row of that transport, side ({@link NetworkStats#SERVER} or {@link NetworkStats#CLIENT})
   * and endpoint, or {@code null} if it had no traffic in the window.
   */
  public NetworkStats network(String transport, String side, String endpoint) {
    for (NetworkStats stats : network) {
      if (stats.transport().equals(transport) && stats.side().equals(side) && stats.endpoint().equals(endpoint)) {
        return stats;
      }
    }
    return null;
  }
}
