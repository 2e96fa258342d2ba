package io.axle.executor.internal;

import io.axle.executor.AxleExecutor;
import io.axle.executor.ExecutorKind;
import io.axle.executor.ExecutorStats;
import io.axle.executor.RefusableTask;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs each task on its own virtual thread; a burst handed over with {@link #executeAll} runs on one
 * virtual thread, its tasks one after another, unless one of them stalls (then the rest is shared out to
 * new virtual threads: {@link BurstWatch}).
 */
public final class VirtualExecutor implements AxleExecutor, SharedBatch.Owner {

  private final String name;
  private final ExecutorService threads;
  // Thread-per-task executors expose no counts; a virtual thread costs far more than the
  // wrapping lambda, so counting here is cheap by comparison.
  private final LongAdder started = new LongAdder();
  private final LongAdder completed = new LongAdder();

  private final boolean burstHandOff;
  private final BurstWatch watch;

  /** A virtual executor taking bursts, whose waiting tasks are shared out 1 ms after the first began. */
  public VirtualExecutor(String name) {
    this(name, true, Duration.ofMillis(1));
  }

  /**
   * @param burstHandOff whether a burst runs on one virtual thread ({@link #executeAll}) or each task on its own
   * @param burstStall how long after a burst's first task began its waiting tasks are shared out
   */
  public VirtualExecutor(String name, boolean burstHandOff, Duration burstStall) {
    this.name = Names.require(name);
    this.burstHandOff = burstHandOff;
    this.watch = new BurstWatch("virtual-" + name, burstStall);
    if (burstHandOff) {
      watch.start();
    }
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
  public boolean takesBursts() {
    return burstHandOff && watch.handOff();
  }

  /** Bursts whose rest was shared out to more virtual threads because a task stalled. */
  public long burstStalls() {
    return watch.stalls();
  }

  @Override
  public void executeAll(List<? extends RefusableTask> tasks) {
    if (tasks.size() < 2 || !burstHandOff) {
      AxleExecutor.super.executeAll(tasks);
      return;
    }
    try {
      threads.execute(new SharedBatch(this, watch, tasks));
      watch.burstHandedOver();
    } catch (RejectedExecutionException e) {
      RuntimeException why = threads.isShutdown() ? Shutdowns.rejectedAfterShutdown(name) : e;
      tasks.forEach(task -> task.refused(why));
    }
  }

  @Override
  public void taskStarted() {
    started.increment();
  }

  @Override
  public void taskEnded() {
    completed.increment();
  }

  @Override
  public boolean stopping() {
    return threads.isShutdown();
  }

  @Override
  public void help(SharedBatch batch, int helpers) {
    for (int i = 0; i < helpers; i++) {
      try {
        threads.execute(batch);
      } catch (RejectedExecutionException e) {
        // Shut down: the thread that runs the batch takes the rest once its task ends.
        return;
      }
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
    watch.stop();
    return Shutdowns.shutdown(List.of(threads), timeout);
  }

  @Override
  public String toString() {
    return "VirtualExecutor[" + name + "]";
  }
}
