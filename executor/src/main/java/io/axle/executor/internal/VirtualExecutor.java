package io.axle.executor.internal;

import io.axle.executor.AxleExecutor;
import io.axle.executor.ExecutorKind;
import io.axle.executor.ExecutorStats;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.LongAdder;

/** Runs each task on its own virtual thread. */
public final class VirtualExecutor implements AxleExecutor {

  private final String name;
  private final ExecutorService threads;
  // Thread-per-task executors expose no counts; a virtual thread costs far more than the
  // wrapping lambda, so counting here is cheap by comparison.
  private final LongAdder started = new LongAdder();
  private final LongAdder completed = new LongAdder();

  public VirtualExecutor(String name) {
    this.name = Names.require(name);
    this.threads =
        Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("axle-virtual-" + name + "-", 0).factory());
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public ExecutorKind kind() {
    return ExecutorKind.VIRTUAL;
  }

  @Override
  public void execute(Runnable task) {
    if (task == null) {
      throw new NullPointerException("task");
    }
    try {
      threads.execute(
          () -> {
            started.increment();
            try {
              task.run();
            } finally {
              completed.increment();
            }
          });
    } catch (RejectedExecutionException e) {
      if (threads.isShutdown()) {
        RejectedExecutionException shutDown = Shutdowns.rejectedAfterShutdown(name);
        shutDown.initCause(e);
        throw shutDown;
      }
      throw e;
    }
  }

  @Override
  public ExecutorStats stats() {
    long done = completed.sum();
    int running = (int) Math.max(0, started.sum() - done);
    return new ExecutorStats(running, running, 0, 0, done, List.of());
  }

  @Override
  public boolean shutdown(Duration timeout) {
    return Shutdowns.shutdown(List.of(threads), timeout);
  }

  @Override
  public String toString() {
    return "VirtualExecutor[" + name + "]";
  }
}
