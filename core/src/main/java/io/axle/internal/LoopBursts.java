package io.axle.internal;

import io.axle.executor.AxleExecutor;
import io.axle.executor.RefusableTask;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.util.concurrent.FastThreadLocal;
import io.netty.util.internal.ThreadExecutorMap;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The provider tasks one event-loop iteration produced, per executor, handed over together as the
 * iteration ends ({@link AxleExecutor#executeAll}), so that an executor that {@linkplain
 * AxleExecutor#takesBursts takes bursts} wakes one worker per burst instead of one per request. On a
 * Netty I/O loop only: it ends each iteration with its tail tasks, where the hand-over runs. One per
 * loop thread; touched by that thread alone.
 */
final class LoopBursts {
  private static final Logger log = LoggerFactory.getLogger(LoopBursts.class);
  /** Null for a thread that is no I/O loop (found out once, then remembered as {@link #NONE}). */
  private static final FastThreadLocal<LoopBursts> CURRENT = new FastThreadLocal<>() {
    @Override
    protected LoopBursts initialValue() {
      return ThreadExecutorMap.currentExecutor() instanceof SingleThreadIoEventLoop loop
          ? new LoopBursts(loop) : NONE;
    }
  };
  private static final LoopBursts NONE = new LoopBursts(null);

  private final SingleThreadIoEventLoop loop;
  private final Runnable handOver = this::handOver;
  /** Executors with tasks this iteration, in the order they first got one; usually one. */
  private final List<AxleExecutor> executors = new ArrayList<>(2);
  private final List<List<RefusableTask>> tasks = new ArrayList<>(2);

  private LoopBursts(SingleThreadIoEventLoop loop) {
    this.loop = loop;
  }

  /**
   * Keeps {@code task} for {@code executor}'s burst of this iteration; false when the calling thread is
   * not an I/O loop (or it is shutting down), and the caller hands the task over itself.
   */
  static boolean add(AxleExecutor executor, RefusableTask task) {
    return CURRENT.get().addHere(executor, task);
  }

  private boolean addHere(AxleExecutor executor, RefusableTask task) {
    if (loop == null) {
      return false;
    }
    if (executors.isEmpty()) {
      try {
        loop.executeAfterEventLoopIteration(handOver);
      } catch (RejectedExecutionException e) {
        return false;
      }
    }
    int i = executors.indexOf(executor);
    if (i < 0) {
      executors.add(executor);
      tasks.add(new ArrayList<>());
      i = executors.size() - 1;
    }
    tasks.get(i).add(task);
    return true;
  }

  private void handOver() {
    for (int i = 0; i < executors.size(); i++) {
      List<RefusableTask> burst = tasks.get(i);
      try {
        executors.get(i).executeAll(burst);
      } catch (RuntimeException e) {
        // executeAll refuses task by task and never throws: this is a broken executor. Its tasks are told
        // so rather than left unanswered for ever, at the risk of a second answer for one it had taken
        // (a caller drops an answer it no longer waits for).
        log.error("executor {} failed to take a burst of {} tasks; they are refused", executors.get(i).name(),
            burst.size(), e);
        burst.forEach(task -> task.refused(e));
      }
    }
    executors.clear();
    tasks.clear();
  }
}
