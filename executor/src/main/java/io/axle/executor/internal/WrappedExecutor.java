package io.axle.executor.internal;

import io.axle.executor.AxleExecutor;
import io.axle.executor.ExecutorKind;
import io.axle.executor.ExecutorStats;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.LongAdder;

/** A user executor under a name. It owns the executor: see {@code AxleExecutors.wrap}. */
public final class WrappedExecutor implements AxleExecutor {

  private final String name;
  private final Executor delegate;
  private final LongAdder rejected = new LongAdder();
  // A plain Executor has no shutdown of its own, so the wrapper keeps the state.
  private volatile boolean shutDown;

  public WrappedExecutor(String name, Executor delegate) {
    this.name = Names.require(name);
    this.delegate = Objects.requireNonNull(delegate, "executor");
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public ExecutorKind kind() {
    return ExecutorKind.CUSTOM;
  }

  @Override
  public void execute(Runnable task) {
    if (shutDown) {
      throw Shutdowns.rejectedAfterShutdown(name);
    }
    try {
      delegate.execute(task);
    } catch (RejectedExecutionException e) {
      // A task can pass the check above just before shutdown and reach a delegate already shut down.
      if (shutDown) {
        RejectedExecutionException shutDownError = Shutdowns.rejectedAfterShutdown(name);
        shutDownError.initCause(e);
        throw shutDownError;
      }
      rejected.increment();
      throw e;
    }
  }

  /** Reads the delegate's counters when it is a {@link ThreadPoolExecutor}; zeros otherwise. */
  @Override
  public ExecutorStats stats() {
    if (delegate instanceof ThreadPoolExecutor pool) {
      return new ExecutorStats(
          pool.getPoolSize(),
          pool.getActiveCount(),
          pool.getQueue().size(),
          rejected.sum(),
          pool.getCompletedTaskCount(),
          List.of());
    }
    return new ExecutorStats(0, 0, 0, rejected.sum(), 0, List.of());
  }

  @Override
  public boolean shutdown(Duration timeout) {
    shutDown = true;
    if (delegate instanceof ExecutorService service) {
      return Shutdowns.shutdown(List.of(service), timeout);
    }
    return true;
  }

  @Override
  public String toString() {
    return "WrappedExecutor[" + name + ": " + delegate + "]";
  }
}
