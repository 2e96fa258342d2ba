package io.axle.executor;

import java.util.List;

/**
 * A point-in-time snapshot of an executor, for metrics and diagnostics. The values are read one
 * after another while tasks keep running, so they need not add up exactly.
 *
 * @param threads threads currently owned by the executor (for virtual executors: live task threads)
 * @param active threads currently running a task
 * @param queued tasks accepted but not started yet
 * @param rejected tasks refused because the executor was overloaded, since it was created; tasks
 *     refused because the executor was shut down are not counted, as they signal no capacity
 *     problem
 * @param completed tasks finished (normally or not) since the executor was created
 * @param groups one snapshot per group for a {@link GroupExecutor}, empty otherwise
 */
public record ExecutorStats(
    int threads, int active, int queued, long rejected, long completed, List<ExecutorStats> groups) {

  public ExecutorStats {
    groups = groups == null ? List.of() : List.copyOf(groups);
  }

  /** A snapshot of an executor that keeps no counters. */
  public static ExecutorStats empty() {
    return new ExecutorStats(0, 0, 0, 0, 0, List.of());
  }
}
