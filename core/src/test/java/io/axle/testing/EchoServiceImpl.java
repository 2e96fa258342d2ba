package io.axle.testing;

import io.vertx.core.Context;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

public class EchoServiceImpl implements EchoService {
  private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "echo-timer");
    t.setDaemon(true);
    return t;
  });

  private volatile CountDownLatch gate = new CountDownLatch(1);
  private final CountDownLatch firstBlocked = new CountDownLatch(1);
  private final AtomicInteger blocked = new AtomicInteger();
  public final AtomicInteger fired = new AtomicInteger();

  @Override
  public String echo(String message) {
    return message;
  }

  @Override
  public CompletableFuture<String> echoAsync(String message) {
    return CompletableFuture.completedFuture(message);
  }

  @Override
  public CompletableFuture<String> delayedEcho(String message, int delayMs) {
    CompletableFuture<String> result = new CompletableFuture<>();
    TIMER.schedule(() -> result.complete(message), delayMs, TimeUnit.MILLISECONDS);
    return result;
  }

  @Override
  public String sleepEcho(String message, int delayMs) {
    try {
      Thread.sleep(delayMs);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return message;
  }

  @Override
  public String threadInfo() {
    Thread t = Thread.currentThread();
    return (t.isVirtual() ? "virtual" : Context.isOnEventLoopThread() ? "eventloop" : "pool") + ":" + t.getName();
  }

  @Override
  public String fail(String message) {
    throw new IllegalArgumentException(message);
  }

  @Override
  public String block(String message) {
    blocked.incrementAndGet();
    firstBlocked.countDown();
    try {
      gate.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return message;
  }

  /** Waits until a call is inside {@link #block}. */
  public void awaitBlocked() throws InterruptedException {
    if (!firstBlocked.await(30, TimeUnit.SECONDS)) {
      throw new AssertionError("no call reached block() within 30 s");
    }
  }

  public int blockedCount() {
    return blocked.get();
  }

  /** Lets every blocked call return. */
  public void release() {
    gate.countDown();
  }

  @Override
  public Pojo roundTrip(Pojo pojo) {
    return pojo;
  }

  @Override
  public int add(int a, int b) {
    return a + b;
  }

  @Override
  public Color next(Color color) {
    return Color.values()[(color.ordinal() + 1) % Color.values().length];
  }

  @Override
  public byte[] reverse(byte[] bytes) {
    byte[] out = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) {
      out[i] = bytes[bytes.length - 1 - i];
    }
    return out;
  }

  @Override
  public void fireAndForget(String message) {
    fired.incrementAndGet();
  }
}
