package io.axle.transport;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.slf4j.Logger;

/**
 * A transport's calls in flight, counted as they start and end, and what a graceful stop waits
 * on: {@link #drained} completes when the last one ends, without polling; {@link #drainThenFail} is
 * a consumer's whole stop sequence, the same on every transport. Thread-safe.
 */
public final class InFlightCalls {
  /** Why the calls a consumer's stop no longer waits for fail, in the same words on every transport. */
  public static final String STOPPED = "the consumer stopped before the answer arrived (axle.shutdown.timeout elapsed)";

  private final AtomicInteger count = new AtomicInteger();
  /** Counts every call this one does (a transport's total over its endpoints' counts); null for none. */
  private final InFlightCalls parent;

  public InFlightCalls() {
    this(null);
  }

  /** A count whose calls {@code parent} counts too: one endpoint's share of a transport's calls. */
  public InFlightCalls(InFlightCalls parent) {
    this.parent = parent;
  }
  /** Completed when the count reaches zero once someone waits; one for every waiter. */
  private final AtomicReference<CompletableFuture<Void>> zero = new AtomicReference<>();

  /** A call started. */
  public void started() {
    count.incrementAndGet();
    if (parent != null) {
      parent.started();
    }
  }

  /** A call ended; call once per {@link #started()}. */
  public void ended() {
    if (count.decrementAndGet() == 0) {
      CompletableFuture<Void> waiting = zero.get();
      if (waiting != null) {
        waiting.complete(null);
      }
    }
    if (parent != null) {
      parent.ended();
    }
  }

  public int count() {
    return count.get();
  }

  /**
   * Completes with 0 once no call is in flight, or, when {@code grace} ends first, with the number
   * still in flight then (which the caller fails with a reason). Each caller's grace is its own.
   */
  public CompletableFuture<Integer> drained(Duration grace) {
    zero.compareAndSet(null, new CompletableFuture<>());
    CompletableFuture<Void> waiting = zero.get();
    // Read after publishing: an end that came before is seen here, one that comes after completes it.
    if (count.get() == 0) {
      waiting.complete(null);
    }
    return waiting.copy().completeOnTimeout(null, Math.max(0, grace.toNanos()), TimeUnit.NANOSECONDS)
        .thenApply(v -> count.get());
  }

  /**
   * A consumer's stop: waits within {@code grace} for these calls to end ({@link #drained}), logs how many
   * did not ({@link CallFailures#abandonedAtStop}), then has {@code failRest} fail them with {@link #STOPPED}
   * and close what the transport closes after them. {@code failRest} runs on a virtual thread, never on the
   * event loop that ended the last call, which closing must not block.
   *
   * @param transport the transport's name, as the log line names it
   * @param log the transport's logger, which writes that line, so that its level settings apply to it
   * @param failRest fails the calls left with the reason it is given; completes once they are failed and
   *     what it closes is closed
   * @return completed when {@code failRest}'s stage is
   */
  public CompletableFuture<Void> drainThenFail(String transport, Logger log, Duration grace,
      Function<String, CompletionStage<Void>> failRest) {
    return drained(grace)
        .thenApplyAsync(abandoned -> {
          if (abandoned > 0) {
            log.warn(CallFailures.abandonedAtStop(transport, abandoned));
          }
          return failRest.apply(STOPPED);
        }, task -> Thread.ofVirtual().start(task))
        .thenCompose(Function.identity());
  }
}
