package io.axle.perf;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A request to stop early (Ctrl-C, SIGTERM), and the shutdown hook that raises it. The hook then waits
 * for the run to finish its cleanup, because the JVM halts as soon as its hooks return: without the
 * wait, the summary of an interrupted run would never be printed and a child producer could be orphaned.
 */
public final class StopSignal {
  /** Bounds the hook, so a stuck cleanup cannot make the process unkillable short of SIGKILL. */
  private static final Duration HOOK_WAIT = Duration.ofSeconds(60);

  private final CountDownLatch requested = new CountDownLatch(1);
  private final CountDownLatch finished = new CountDownLatch(1);

  /** Work that watches a stop signal and returns an exit status. */
  @FunctionalInterface
  public interface Task {
    int run(StopSignal stop) throws Exception;
  }

  /** Runs {@code task} with a shutdown hook that stops it and waits for it to clean up. */
  public static int runWithShutdownHook(Task task) throws Exception {
    StopSignal stop = new StopSignal();
    Thread hook = new Thread(stop::requestAndAwaitFinish, "perf-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      return task.run(stop);
    } finally {
      stop.finished.countDown();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // The hook is running, which is exactly why we are here: nothing to remove.
      }
    }
  }

  public void request() {
    requested.countDown();
  }

  public boolean isRequested() {
    return requested.getCount() == 0;
  }

  /** Waits up to {@code nanos}; true when a stop was requested. */
  public boolean await(long nanos) throws InterruptedException {
    return nanos <= 0 ? isRequested() : requested.await(nanos, TimeUnit.NANOSECONDS);
  }

  /** Waits until a stop is requested. */
  public void await() throws InterruptedException {
    requested.await();
  }

  private void requestAndAwaitFinish() {
    request();
    try {
      finished.await(HOOK_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
