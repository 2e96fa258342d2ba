package io.axle.perf.consumer;

import io.axle.perf.PerfService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code sync-count} threads, each calling {@code echo} (or, for the long-tail share,
 * {@code sleepEcho}) and blocking for the answer before the
 * next call: what the article's {@code sync: true} measures. Platform threads by default: that is the
 * thread-per-caller cost the article's numbers include; {@code sync.threads: virtual} makes them virtual
 * threads, whose blocking parks a continuation instead of an OS thread.
 */
final class SyncDriver implements LoadDriver {
  private final PerfService service;
  private final int callers;
  private final boolean virtual;
  private final CallPlan plan;
  private final Samples samples;
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running;

  SyncDriver(PerfService service, int callers, boolean virtual, CallPlan plan, Samples samples) {
    this.service = service;
    this.callers = callers;
    this.virtual = virtual;
    this.plan = plan;
    this.samples = samples;
  }

  @Override
  public void start() {
    running = true;
    for (int i = 0; i < callers; i++) {
      // Daemon: a call stuck until its timeout must not keep the process alive after the summary.
      // (Virtual threads are always daemons.)
      Thread thread = virtual ? Thread.ofVirtual().name("perf-caller-" + i).start(this::callInLoop)
          : Thread.ofPlatform().name("perf-caller-" + i).daemon(true).start(this::callInLoop);
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
  public int inFlight() {
    return running ? callers : (int) threads.stream().filter(Thread::isAlive).count();
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
