package io.axle.spring;

import io.axle.testing.EchoServiceImpl;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/** Core's test EchoService, served as a schema bean; counts the delayed calls that reached it. */
@RpcSchema(schemaId = "EchoService")
public class EchoProvider extends EchoServiceImpl {

  final AtomicInteger delayedCalls = new AtomicInteger();

  @Override
  public CompletableFuture<String> delayedEcho(String message, int delayMs) {
    delayedCalls.incrementAndGet();
    return super.delayedEcho(message, delayMs);
  }
}
