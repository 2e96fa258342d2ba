package io.axle.executor.internal;

import io.axle.executor.AxleExecutor;
import io.axle.executor.ExecutorKind;
import io.axle.executor.ExecutorStats;
import java.time.Duration;

/**
 * Runs tasks on the caller. It keeps no counters so that its hot path stays a plain method call,
 * and owns nothing, so shutting it down does nothing.
 */
public final class InlineExecutor implements AxleExecutor {

  public static final InlineExecutor INSTANCE = new InlineExecutor();

  private InlineExecutor() {}

  @Override
  public String name() {
    return "inline";
  }

  @Override
  public ExecutorKind kind() {
    return ExecutorKind.INLINE;
  }

  @Override
  public void execute(Runnable task) {
    task.run();
  }

  @Override
  public ExecutorStats stats() {
    return ExecutorStats.empty();
  }

  @Override
  public boolean shutdown(Duration timeout) {
    return true;
  }

  @Override
  public String toString() {
    return "InlineExecutor";
  }
}
