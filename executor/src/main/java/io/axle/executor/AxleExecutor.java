package io.axle.executor;

import java.time.Duration;
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
