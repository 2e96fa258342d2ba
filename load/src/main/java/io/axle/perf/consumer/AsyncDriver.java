package io.axle.perf.consumer;

import io.axle.perf.PerfServiceAsync;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * {@code async-count} outstanding reactive calls: each completion records its call and issues the next
 * one straight away, on the client event loop that completed it (the article's {@code sync: false}).
 * Nothing here may block, since that would stall every connection of that event loop.
 */
final class AsyncDriver implements LoadDriver {
  private final PerfServiceAsync service;
  private final int outstanding;
  private final CallPlan plan;
  private final Samples samples;
  private final CountDownLatch drained;
  private volatile boolean running;

  AsyncDriver(PerfServiceAsync service, int outstanding, CallPlan plan, Samples samples) {
    this.service = service;
    this.outstanding = outstanding;
    this.plan = plan;
    this.samples = samples;
    this.drained = new CountDownLatch(outstanding);
  }

  @Override
  public void start() {
    running = true;
    for (int i = 0; i < outstanding; i++) {
      callInLoop();
    }
  }

  /**
   * One chain of calls. A call that completed before we could attach to it (a failure found before
   * sending, say) is handled in this loop rather than by a nested callback, so a run of such calls
   * cannot grow the stack.
   */
  private void callInLoop() {
    while (running) {
      long start = System.nanoTime();
      boolean slow = plan.nextIsSlow();
      CompletableFuture<?> call;
      try {
        call = plan.send(service, slow);
      } catch (RuntimeException e) {
        samples.failure(e);
        continue;
      }
      if (!call.isDone()) {
        call.whenComplete((result, error) -> {
          record(start, slow, error);
          callInLoop();
        });
        return;
      }
      record(start, slow, call.state() == Future.State.FAILED ? call.exceptionNow() : null);
    }
    drained.countDown();
  }

  private void record(long start, boolean slow, Throwable error) {
    if (error == null) {
      samples.success(start, slow);
    } else {
      samples.failure(error);
    }
  }

  @Override
  public int inFlight() {
    return running ? outstanding : (int) drained.getCount();
  }

  @Override
  public void stop(Duration grace) throws InterruptedException {
    running = false;
    drained.await(grace.toNanos(), TimeUnit.NANOSECONDS);
  }
}
