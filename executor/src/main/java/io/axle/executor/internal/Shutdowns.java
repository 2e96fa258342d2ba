package io.axle.executor.internal;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/** The shutdown sequence shared by every executor that owns threads. */
public final class Shutdowns {

  private Shutdowns() {}

  /**
   * Shuts all {@code services} down, waits for them under one shared deadline, then interrupts
   * whatever is left. Waiting under one deadline keeps the total wait within {@code timeout}
   * however many services there are.
   *
   * @return {@code true} if all terminated in time
   */
  public static boolean shutdown(List<? extends ExecutorService> services, Duration timeout) {
    Objects.requireNonNull(timeout, "timeout");
    for (ExecutorService s : services) {
      s.shutdown();
    }
    long budget = saturatedNanos(timeout);
    long start = System.nanoTime();
    boolean terminated = true;
    try {
      for (ExecutorService s : services) {
        long left = budget - (System.nanoTime() - start);
        if (!s.awaitTermination(Math.max(left, 0), TimeUnit.NANOSECONDS)) {
          terminated = false;
          break;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      terminated = false;
    }
    if (!terminated) {
      for (ExecutorService s : services) {
        s.shutdownNow();
      }
    }
    return terminated;
  }

  /** The error for a task offered after shutdown, naming the executor. */
  public static RejectedExecutionException rejectedAfterShutdown(String executorName) {
    return new RejectedExecutionException("executor '" + executorName + "' is shut down");
  }

  private static long saturatedNanos(Duration d) {
    if (d.isNegative()) {
      return 0;
    }
    try {
      return d.toNanos();
    } catch (ArithmeticException tooLong) {
      return Long.MAX_VALUE;
    }
  }
}
