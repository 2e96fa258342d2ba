package io.axle.executor;

import java.util.concurrent.RejectedExecutionException;

/**
 * Thrown by {@link AxleExecutor#execute(Runnable)} when a bounded executor cannot take one more
 * task. It extends {@link RejectedExecutionException} so that code written against plain
 * {@link java.util.concurrent.Executor}s handles it, and its message names the configuration keys
 * to raise, so that an operator reading a log line knows what to change.
 */
public class ExecutorOverloadedException extends RejectedExecutionException {

  private final String executorName;
  private final int group;
  private final int threads;
  private final int queueCapacity;

  /**
   * @param executorName the executor that refused the task
   * @param group the index of the full group
   * @param threads the threads of that group, all busy
   * @param queueCapacity the queue capacity of that group, all used
   * @param configPrefix the configuration prefix of the executor, e.g. {@code
   *     axle.executor.default}, used to name the keys to raise
   */
  public ExecutorOverloadedException(
      String executorName, int group, int threads, int queueCapacity, String configPrefix) {
    super(
        "executor '" + executorName + "' group " + group + " is full: " + threads
            + " threads busy, " + queueCapacity + " requests queued (raise " + configPrefix
            + ".max-queue-size or " + configPrefix + ".thread-per-group)");
    this.executorName = executorName;
    this.group = group;
    this.threads = threads;
    this.queueCapacity = queueCapacity;
  }

  public String executorName() {
    return executorName;
  }

  public int group() {
    return group;
  }

  public int threads() {
    return threads;
  }

  public int queueCapacity() {
    return queueCapacity;
  }
}
