package io.axle.executor.internal;

import io.axle.executor.RefusableTask;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The tasks of one burst, handed to an executor as one unit, so that the burst costs one wake-up of one
 * worker (or one virtual thread) instead of one per task. Whoever runs it takes the tasks one at a time,
 * in order, from a shared cursor. When tasks still wait a stall period after the first one started (one
 * of them blocks, or they are many and slow), the {@link BurstWatch} has the batch run again, once per
 * waiting task, and the threads that run it take the rest from the same cursor, each as many as it finds.
 * So no task waits behind the others of its burst much longer than one stall period.
 */
public final class SharedBatch implements Runnable {

  /** What a batch needs from the executor that runs it. */
  public interface Owner {
    /** A task left the queue for a thread: it counts as queued no longer. */
    void taskStarted();

    /** A task ended, normally or not. */
    void taskEnded();

    /** True once the executor is shutting down: an interrupt then is the executor's, not a task's leftover. */
    boolean stopping();

    /** Runs {@code batch} again on {@code helpers} more threads, which share its rest. */
    void help(SharedBatch batch, int helpers);
  }

  private final Owner owner;
  private final BurstWatch watch;
  private final List<? extends RefusableTask> tasks;
  private final AtomicInteger next = new AtomicInteger();
  /** The watch's tick when the first task started; written before the batch is watched. */
  private long startedAtTick;
  /** Whether the watch had the batch run again already: once is enough (one per waiting task). Watch-only. */
  boolean helped;

  public SharedBatch(Owner owner, BurstWatch watch, List<? extends RefusableTask> tasks) {
    this.owner = owner;
    this.watch = watch;
    this.tasks = tasks;
  }

  /** Tasks no thread has taken yet. */
  int unclaimed() {
    return Math.max(0, tasks.size() - next.get());
  }

  /** The watch's tick when the first task started. */
  long startedAtTick() {
    return startedAtTick;
  }

  /** Runs tasks of this batch until none is left to take. */
  @Override
  public void run() {
    int size = tasks.size();
    Thread thread = Thread.currentThread();
    for (int i = next.getAndIncrement(); i < size; i = next.getAndIncrement()) {
      owner.taskStarted();
      if (i == 0 && size > 1) {
        // Tasks wait behind this one: from now on the watch looks at the batch (the queue it goes
        // through publishes the tick written before).
        startedAtTick = watch.tick();
        watch.watch(this);
      }
      try {
        tasks.get(i).run();
      } catch (RuntimeException | Error e) {
        // One task's failure must not cost the rest of the burst their turn (a pool's worker would die
        // with it and be replaced); it is reported as the thread reports any uncaught failure.
        thread.getUncaughtExceptionHandler().uncaughtException(thread, e);
      } finally {
        owner.taskEnded();
      }
      // As a pool does between tasks: a task's leftover interrupt is not the next task's.
      if (Thread.interrupted() && owner.stopping()) {
        thread.interrupt();
      }
    }
  }

  void help(int helpers) {
    owner.help(this, helpers);
  }
}
