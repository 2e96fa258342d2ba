package io.axle.testing;

import java.util.concurrent.CompletableFuture;

/** A schema with one operation per behaviour the transport tests need. */
public interface EchoService {
  String echo(String message);

  CompletableFuture<String> echoAsync(String message);

  /** Completes after {@code delayMs} without holding a thread, so answers can overtake each other. */
  CompletableFuture<String> delayedEcho(String message, int delayMs);

  /** Sleeps on its executor thread. */
  String sleepEcho(String message, int delayMs);

  /** Describes the thread the handler ran on. */
  String threadInfo();

  /** Throws an IllegalArgumentException with the message. */
  String fail(String message);

  /** Blocks until the test releases {@link EchoServiceImpl#release()}. */
  String block(String message);

  Pojo roundTrip(Pojo pojo);

  int add(int a, int b);

  Color next(Color color);

  byte[] reverse(byte[] bytes);

  void fireAndForget(String message);

  enum Color { RED, GREEN, BLUE }
}
