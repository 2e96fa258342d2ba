package io.axle.executor;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * A named executor that provider handlers run on. Obtain one from {@link AxleExecutors}.
 *
 * <p>{@link #execute(Runnable)} is called on event-loop threads, so no implementation blocks the
 * caller: a bounded executor that is full throws {@link ExecutorOverloadedException} at once.
 */
public interface AxleExecutor extends Executor, AutoCloseable {

  /** The name this executor is configured and reported under. */
  String name();

  ExecutorKind kind();

  /**
   * Runs {@code task} according to this executor's strategy.
   *
   * @throws ExecutorOverloadedException if a bounded queue is full
   * @throws java.util.concurrent.RejectedExecutionException if the executor is shut down
   */
  @Override
  void execute(Runnable task);

  /**
   * Whether {@link #executeAll} takes a burst as one hand-off, so that a caller gathering the tasks
   * of one event-loop iteration gains by it: true for the built-in {@code group} and {@code virtual}
   * executors while their burst hand-off is on and not paused by stalls. May change at any time; false by default.
   */
  default boolean takesBursts() {
    return false;
  }

  /**
   * Runs every task of {@code tasks}, handed over together (by default one by one, as {@link
   * #execute} would). Never throws for a task it cannot take: that task is told through {@link
   * RefusableTask#refused}, and the others still run. The list is the executor's from then on: the
   * caller must not change it.
   */
  default void executeAll(List<? extends RefusableTask> tasks) {
    for (RefusableTask task : tasks) {
      try {
        execute(task);
      } catch (RuntimeException e) {
        task.refused(e);
      }
    }
  }

  /** A snapshot of this executor's counters. */
  ExecutorStats stats();

  /**
   * Stops taking tasks, lets queued and running ones finish up to {@code timeout}, then interrupts
   * what is left (tasks still queued at that point are dropped). Calling it again is harmless.
   *
   * @return {@code true} if all tasks finished in time
   */
  boolean shutdown(Duration timeout);

  /** Shuts down, waiting up to ten seconds for tasks to finish. */
  @Override
  default void close() {
    shutdown(Duration.ofSeconds(10));
  }
}
