package io.axle.executor.internal;

import io.axle.executor.RefusableTask;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The tasks of one burst, handed to a group as one queue entry, so that the burst costs one wake-up
 * of one worker instead of one per task. Whoever runs it takes the tasks one at a time, in order, from a
 * shared cursor; when a task stalls, the {@link BurstWatch} queues the batch again, once per waiting
 * task, and the workers that pick it up take the rest from the same cursor, each as many as it finds.
 * So a task that blocks holds the others back for about one stall period, not for as long as it blocks.
 */
public final class SharedBatch implements Runnable {

  /** What a batch needs from the group that runs it. */
  public interface Owner {
    /** A task left the queue for a worker: it counts as queued no longer. */
    void taskStarted();

    /** A task ended, normally or not. */
    void taskEnded();

    /** True once the group is shutting down: an interrupt then is the pool's, not a task's leftover. */
    boolean stopping();

    /** Queues {@code batch} again {@code helpers} times, for idle workers to share its rest. */
    void help(SharedBatch batch, int helpers);
  }

  private final Owner owner;
  private final BurstWatch watch;
  private final List<? extends RefusableTask> tasks;
  private final AtomicInteger next = new AtomicInteger();
  /** Whether the watch queued helpers for this batch already: once is enough (one per waiting task). Watch-only. */
  boolean helped;

  public SharedBatch(Owner owner, BurstWatch watch, List<? extends RefusableTask> tasks) {
    this.owner = owner;
    this.watch = watch;
    this.tasks = tasks;
  }

  /** Tasks no worker has taken yet. */
  int unclaimed() {
    return Math.max(0, tasks.size() - next.get());
  }

  /** Runs tasks of this batch until none is left to take; on a {@link GroupThread} only. */
  @Override
  public void run() {
    GroupThread worker = (GroupThread) Thread.currentThread();
    int size = tasks.size();
    try {
      for (int i = next.getAndIncrement(); i < size; i = next.getAndIncrement()) {
        owner.taskStarted();
        worker.startedTick = watch.tick();
        if (worker.batch != this) {
          worker.batch = this;
          if (i + 1 < size) {
            watch.batchRunning();
          }
        }
        try {
          tasks.get(i).run();
        } catch (RuntimeException | Error e) {
          // One task's failure must not cost the rest of the burst their turn (a pool's worker would die
          // with it and be replaced); it is reported as the pool reports any task's.
          worker.getUncaughtExceptionHandler().uncaughtException(worker, e);
        } finally {
          owner.taskEnded();
        }
        // As a pool does between tasks: a task's leftover interrupt is not the next task's.
        if (Thread.interrupted() && owner.stopping()) {
          worker.interrupt();
        }
      }
    } finally {
      worker.batch = null;
    }
  }

  void help(int helpers) {
    owner.help(this, helpers);
  }
}
