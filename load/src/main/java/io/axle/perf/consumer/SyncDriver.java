package io.axle.perf.consumer;

import io.axle.perf.PerfService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code sync-count} platform threads, each calling {@code echo} (or, for the long-tail share,
 * {@code sleepEcho}) and blocking for the answer before the
 * next call: what the article's {@code sync: true} measures. Platform threads on purpose: that is the
 * thread-per-caller cost the article's numbers include.
 */
final class SyncDriver implements LoadDriver {
  private final PerfService service;
  private final int callers;
  private final CallPlan plan;
  private final Samples samples;
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running;

  SyncDriver(PerfService service, int callers, CallPlan plan, Samples samples) {
    this.service = service;
    this.callers = callers;
    this.plan = plan;
    this.samples = samples;
  }

  @Override
  public void start() {
    running = true;
    for (int i = 0; i < callers; i++) {
      // Daemon: a call stuck until its timeout must not keep the process alive after the summary.
      Thread thread = Thread.ofPlatform().name("perf-caller-" + i).daemon(true).start(this::callInLoop);
      threads.add(thread);
    }
  }

  private void callInLoop() {
    while (running) {
      long start = System.nanoTime();
      boolean slow = plan.nextIsSlow();
      try {
        plan.call(service, slow);
        samples.success(start, slow);
      } catch (RuntimeException e) {
        samples.failure(e);
      }
    }
  }

  @Override
  public void stop(Duration grace) throws InterruptedException {
    running = false;
    long deadline = System.nanoTime() + grace.toNanos();
    for (Thread thread : threads) {
      long left = deadline - System.nanoTime();
      if (left > 0) {
        thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
      }
    }
  }
}
