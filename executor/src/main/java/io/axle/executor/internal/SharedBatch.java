package io.axle.executor.internal;

import io.axle.executor.RefusableTask;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The tasks of one burst, handed to an executor as one unit, so that the burst costs one wake-up of one
 * worker (or one virtual thread) instead of one per task. Whoever runs it takes the tasks one at a time,
 * in order, from a shared cursor. When tasks still wait a stall period after the first one started (one
 * of them blocks, or they are many and slow), the {@link BurstWatch} has the batch run again, once per
 * waiting task, and the threads that run it take the rest from the same cursor, each as many as it finds.
 * So no task waits behind the others of its burst much longer than one stall period.
 *
 * <p><b>Wake-ups put off.</b> A task's answer usually wakes the event loop that writes it. While tasks of
 * the batch still wait, a wake-up its tasks make is put off ({@link #putOff}) until none waits: the answers
 * of a burst then wake their loop once instead of once each (the loop drained one answer, flushed it,
 * slept, and was woken again by the next). A wake-up put off is made before the batch's last task starts,
 * when the batch stalls (the watch makes it, and nothing of the batch is put off after that), when the
 * watch stops (the executor shuts down), or when the thread's run ends, so an answer waits for its
 * neighbours no longer than a task is shared out for.
 */
public final class SharedBatch implements Runnable {
  /** The batch the current thread runs a task of, for {@link #putOff}; null on every other thread. */
  private static final ThreadLocal<SharedBatch> RUNNING = new ThreadLocal<>();

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
  /**
   * Whether the watch had the batch run again already: once is enough (one per waiting task). Written by
   * the watch before it makes the batch's wakes, which take this batch's lock, as {@link #add} does.
   */
  boolean helped;
  /** Wake-ups put off until no task waits; guarded by itself, null until the first. */
  private List<Runnable> wakes;

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

  /**
   * Puts {@code wake} off until no task of the batch the calling thread runs is left waiting, and returns
   * true; returns false, for the caller to wake now, when the thread runs no batch or none of its tasks
   * waits. Any thread; {@code wake} may then run on another (the watch's).
   */
  public static boolean putOff(Runnable wake) {
    SharedBatch batch = RUNNING.get();
    return batch != null && batch.add(wake);
  }

  private boolean add(Runnable wake) {
    synchronized (this) {
      // Once stalled (the watch made what was put off) or stopped, nothing more waits: the watch makes
      // a batch's wakes once, and a stopped watch none.
      if (next.get() >= tasks.size() || helped || watch.stopped()) {
        return false;
      }
      if (wakes == null) {
        wakes = new ArrayList<>(4);
      }
      wakes.add(wake);
      return true;
    }
  }

  /** Makes every wake-up put off so far. */
  void wakeAll() {
    List<Runnable> due;
    synchronized (this) {
      due = wakes;
      wakes = null;
    }
    if (due == null) {
      return;
    }
    for (Runnable wake : due) {
      try {
        wake.run();
      } catch (Throwable e) {
        // Whoever makes it (a worker between tasks, the watch) must go on: the others still wake.
        Thread thread = Thread.currentThread();
        thread.getUncaughtExceptionHandler().uncaughtException(thread, e);
      }
    }
  }

  /** Runs tasks of this batch until none is left to take. */
  @Override
  public void run() {
    SharedBatch outer = RUNNING.get();
    RUNNING.set(this);
    try {
      runTasks();
    } finally {
      RUNNING.set(outer);
      wakeAll();
    }
  }

  private void runTasks() {
    int size = tasks.size();
    Thread thread = Thread.currentThread();
    for (int i = next.getAndIncrement(); i < size; i = next.getAndIncrement()) {
      owner.taskStarted();
      if (next.get() >= size) {
        // No task waits behind this one: what its neighbours put off goes now, not after it.
        wakeAll();
      }
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
