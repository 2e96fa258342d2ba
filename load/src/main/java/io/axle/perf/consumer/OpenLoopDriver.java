package io.axle.perf.consumer;

import io.axle.perf.PerfServiceAsync;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * {@code rps} requests per second whatever the replies (open loop), through the reactive reference, as many
 * in flight as that takes up to {@code rps.max-in-flight}. Request {@code i} is due at
 * {@code t0 + i / rps}; its latency is measured from that intended time, not from when it went out, so a
 * producer that stalls is charged for the requests that queued behind the stall (no coordinated omission).
 * One scheduler thread parks until the next request is due and then sends every request that is due, so a
 * late wake-up sends a batch instead of shifting the schedule. A request sent more than
 * {@link #LATE_NANOS} after its time, or not sent because the cap was reached, is counted: the rate asked
 * for was not the rate sent.
 */
final class OpenLoopDriver implements LoadDriver {
  /** Later than this after its intended time, a request counts as could not be sent on time. */
  static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

  private static final long NANOS_PER_SECOND = 1_000_000_000L;

  private final PerfServiceAsync service;
  private final int rps;
  private final int maxInFlight;
  private final CallPlan plan;
  private final Samples samples;
  private final AtomicInteger inFlight = new AtomicInteger();
  private volatile int peakInFlight;
  private volatile boolean running;
  private Thread scheduler;

  OpenLoopDriver(PerfServiceAsync service, int rps, int maxInFlight, CallPlan plan, Samples samples) {
    this.service = service;
    this.rps = rps;
    this.maxInFlight = maxInFlight;
    this.plan = plan;
    this.samples = samples;
  }

  @Override
  public void start() {
    running = true;
    // Daemon, as the sync callers: it must never keep the process alive after the summary.
    scheduler = Thread.ofPlatform().name("perf-open-loop").daemon(true).start(this::schedule);
  }

  private void schedule() {
    long t0 = System.nanoTime();
    for (long i = 0; running; ) {
      long intended = t0 + offsetNanos(i);
      long wait = intended - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait); // may wake early (unpark, spuriously): the loop looks again
        continue;
      }
      send(intended);
      i++;
    }
  }

  /** {@code i / rps} seconds in nanoseconds, without overflow for any run length a long can count. */
  private long offsetNanos(long i) {
    return (i / rps) * NANOS_PER_SECOND + (i % rps) * NANOS_PER_SECOND / rps;
  }

  private void send(long intended) {
    // Only this thread adds to inFlight, so the check and the increment below cannot race each other.
    if (inFlight.get() >= maxInFlight) {
      samples.unsent();
      return;
    }
    int now = inFlight.incrementAndGet();
    if (now > peakInFlight) {
      peakInFlight = now;
    }
    if (System.nanoTime() - intended > LATE_NANOS) {
      samples.late();
    }
    boolean slow = plan.nextIsSlow();
    CompletableFuture<?> call;
    try {
      call = plan.send(service, slow);
    } catch (RuntimeException e) {
      inFlight.decrementAndGet();
      samples.failure(e);
      return;
    }
    call.whenComplete((result, error) -> {
      inFlight.decrementAndGet();
      if (error == null) {
        samples.success(intended, slow);
      } else {
        samples.failure(error);
      }
    });
  }

  @Override
  public int inFlight() {
    return inFlight.get();
  }

  /** The most calls that were in flight at once since the start. */
  int peakInFlight() {
    return peakInFlight;
  }

  @Override
  public void stop(Duration grace) throws InterruptedException {
    running = false;
    long deadline = System.nanoTime() + grace.toNanos();
    if (scheduler != null) {
      LockSupport.unpark(scheduler); // at a low rate it may be parked for most of a second
      scheduler.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(grace.toNanos())));
    }
    // Completions come from the client event loops, which signal nobody: a short poll is simplest.
    while (inFlight.get() > 0 && deadline - System.nanoTime() > 0) {
      Thread.sleep(1);
    }
  }
}
