package io.axle.executor;

/**
 * A task that can be told it will not run, for {@link AxleExecutor#executeAll}: an executor that refuses
 * some tasks of a burst calls {@link #refused} on each of them instead of throwing, so that the others
 * still run and each refused one is answered for itself.
 */
public interface RefusableTask extends Runnable {
  /**
   * This task will not run: {@code why} is what {@link AxleExecutor#execute} would have thrown for it
   * ({@link ExecutorOverloadedException} when full, a {@link java.util.concurrent.RejectedExecutionException}
   * when shut down, or whatever an application's executor threw). Called on the thread that handed the
   * burst over.
   */
  void refused(RuntimeException why);
}
