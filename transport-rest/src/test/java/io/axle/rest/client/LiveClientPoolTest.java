package io.axle.rest.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.config.ConfigVersion;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The REST client's pool size changes on a running consumer while callers keep calling: the connections made
 * after the change follow it, measured at the provider as the calls it runs at once (HTTP/1.1 without pipelining
 * carries one request per connection), and no call fails, including those waiting for a connection of the client
 * the change replaced.
 */
class LiveClientPoolTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final String POOL = "axle.rest.client.connection.maxPoolSize";
  private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread thread = new Thread(r, "live-pool-test-timer");
    thread.setDaemon(true);
    return thread;
  });

  @AfterAll
  static void stopTimer() {
    TIMER.shutdownNow();
  }

  @Test
  void thePoolSize_changesLive_forTheNextConnections_withNoFailedCall() throws Exception {
    Concurrency provider = new Concurrency();
    Axle server = runtimes.provider("rest", provider, Map.of("axle.executors.default", "inline"));
    Axle consumer = runtimes.consumer(server, "rest", Map.of(POOL, 1));
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    AtomicInteger answered = new AtomicInteger();
    AtomicBoolean running = new AtomicBoolean(true);
    List<Thread> callers = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      callers.add(Thread.ofPlatform().daemon().name("pool-caller-" + i).start(() -> {
        while (running.get()) {
          try {
            echo.delayedEcho("x", 0).join();
            answered.incrementAndGet();
          } catch (RuntimeException e) {
            failures.add(e);
          }
        }
      }));
    }
    try {
      await(answered, 40);
      assertThat(provider.max.get()).as("calls at once over one connection").isEqualTo(1);

      ConfigVersion four = consumer.reconfigure("ops", Map.of(POOL, 4));
      assertThat(four.changes()).containsExactly(POOL + ": 1 -> 4");
      await(answered, 20); // the calls of the replaced client's connection are answered
      provider.max.set(0);
      await(answered, 80);
      assertThat(provider.max.get()).as("calls at once over at most four connections").isBetween(2, 4);

      consumer.reconfigure("ops", Map.of(POOL, 2));
      await(answered, 20);
      provider.max.set(0);
      await(answered, 80);
      assertThat(provider.max.get()).as("calls at once over at most two connections").isBetween(1, 2);
    } finally {
      running.set(false);
      for (Thread caller : callers) {
        caller.join(10_000);
      }
    }
    assertThat(failures).as("calls failed across the changes").isEmpty();
  }

  /** Waits until {@code count} more calls were answered. */
  private static void await(AtomicInteger answered, int count) {
    int target = answered.get() + count;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (answered.get() < target) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(answered.get() + " calls answered after 20 s (expected: " + target + ")");
      }
      java.util.concurrent.locks.LockSupport.parkNanos(2_000_000);
    }
  }

  /** Answers {@code delayedEcho} after 5 ms, counting the calls it holds at once. */
  static final class Concurrency extends EchoServiceImpl {
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger max = new AtomicInteger();

    @Override
    public CompletableFuture<String> delayedEcho(String message, int ignored) {
      max.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      CompletableFuture<String> answer = new CompletableFuture<>();
      TIMER.schedule(() -> {
        inFlight.decrementAndGet();
        answer.complete(message);
      }, 5, TimeUnit.MILLISECONDS);
      return answer;
    }
  }
}
