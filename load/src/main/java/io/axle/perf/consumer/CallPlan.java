package io.axle.perf.consumer;

import io.axle.perf.PerfService;
import io.axle.perf.PerfServiceAsync;
import io.axle.perf.payload.Order;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What each call sends and which operation it calls: {@code echo} (or {@code echoOrder} with a POJO
 * {@code payload}), or {@code sleepEcho} for the long-tail
 * share (and for every call with {@code echo.delay}). The slow calls are spread evenly and deterministically: call {@code i} (counted across all callers,
 * from 0) is slow when {@code floor((i + 1) * ratio)} exceeds {@code floor(i * ratio)}, so ratio 0.01 makes
 * every 100th call slow and ratio 0.3 three calls in each ten, whatever the run's length. A seeded random
 * choice would give the same share only on average, and bunch slow calls now and then.
 */
final class CallPlan {
  private final String message;
  /** {@code payload: pojo-…}: normal calls are {@code echoOrder} with it; null for the string payload. */
  private final Order order;
  private final double ratio;
  private final int delayMs;
  /** {@code echo.delay}: when above 0, normal calls are {@code sleepEcho} with it. */
  private final int echoDelayMs;
  private final AtomicLong calls = new AtomicLong();

  /**
   * @param message built once: the driver measures calls, not string building
   * @param order built once, as the message is; null to send the message
   */
  CallPlan(String message, Order order, double ratio, int delayMs, int echoDelayMs) {
    this.message = message;
    this.order = order;
    this.ratio = ratio;
    this.delayMs = delayMs;
    this.echoDelayMs = echoDelayMs;
  }

  /** Sends one call, slow ({@code sleepEcho} of the long-tail delay) or normal. */
  CompletableFuture<?> send(PerfServiceAsync service, boolean slow) {
    return slow ? service.sleepEcho(message, delayMs)
        : echoDelayMs > 0 ? service.sleepEcho(message, echoDelayMs)
        : order != null ? service.echoOrder(order) : service.echo(message);
  }

  /** Makes one call and waits for it, slow or normal. */
  Object call(PerfService service, boolean slow) {
    return slow ? service.sleepEcho(message, delayMs)
        : echoDelayMs > 0 ? service.sleepEcho(message, echoDelayMs)
        : order != null ? service.echoOrder(order) : service.echo(message);
  }

  /** Whether the next call is one of the long-tail share; each call asks once. */
  boolean nextIsSlow() {
    if (ratio <= 0) {
      return false;
    }
    long i = calls.getAndIncrement();
    return Math.floor((i + 1) * ratio) > Math.floor(i * ratio);
  }
}
