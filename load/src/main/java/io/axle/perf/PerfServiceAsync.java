package io.axle.perf;

import io.axle.perf.payload.Order;
import java.util.concurrent.CompletableFuture;

/**
 * The consumer's reactive view of the same {@value PerfService#SCHEMA_ID} schema: same operation
 * names and parameters, so the wire format is identical, but calls return at once and complete on the
 * client event loop. The async driver needs this to keep calls outstanding without a thread each.
 */
public interface PerfServiceAsync {

  CompletableFuture<String> echo(String message);

  CompletableFuture<Order> echoOrder(Order order);

  CompletableFuture<String> sleepEcho(String message, int delayMs);
}
