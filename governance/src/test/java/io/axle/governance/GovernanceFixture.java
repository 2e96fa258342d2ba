package io.axle.governance;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.registry.LocalRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/** Real providers and consumers on loopback for the governance tests. */
final class GovernanceFixture {
  private GovernanceFixture() {
  }

  /** What a call ended with: OK and its value, or the error's status, message and not-run mark. */
  record Outcome(String value, AxleException error) {
    static Outcome of(Supplier<String> call) {
      try {
        return new Outcome(call.get(), null);
      } catch (AxleException e) {
        return new Outcome(null, e);
      }
    }

    boolean ok() {
      return error == null;
    }
  }

  /**
   * An echo whose {@code sleepEcho} answers with the instance's name and counts its runs; a call with the
   * message {@link #HOLD} waits in it until {@link #release} (so a test holds a slot without a race).
   */
  static class Named extends EchoServiceImpl {
    static final String HOLD = "hold";
    final String name;
    final AtomicInteger runs = new AtomicInteger();
    final AtomicInteger holding = new AtomicInteger();
    final AtomicInteger echoes = new AtomicInteger();
    /** For subclasses that fail until healed. */
    volatile boolean healed;
    private final java.util.concurrent.CountDownLatch gate = new java.util.concurrent.CountDownLatch(1);

    Named(String name) {
      this.name = name;
    }

    /** Waits until {@code count} calls are held in {@code sleepEcho}. */
    void awaitHolding(int count) {
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (holding.get() < count) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError(holding.get() + " calls held on " + name + " after 30 s (expected: " + count + ")");
        }
        java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // not a spin: two cores are shared
      }
    }

    @Override
    public String echo(String message) {
      echoes.incrementAndGet();
      return message;
    }

    /** Lets every held call (and every later one) return. */
    @Override
    public void release() {
      gate.countDown();
    }

    @Override
    public String sleepEcho(String message, int delayMs) {
      runs.incrementAndGet();
      if (HOLD.equals(message)) {
        holding.incrementAndGet();
        try {
          gate.await(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      if (delayMs > 0) {
        try {
          Thread.sleep(delayMs);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      return name;
    }
  }

  /** A provider of {@code impl} on virtual threads, so calls run side by side, with {@code extra} keys. */
  static Axle provider(AxleExtension runtimes, String transport, EchoService impl, Map<String, ?> extra) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("axle.executors.default", "virtual");
    keys.putAll(extra);
    return runtimes.provider(transport, impl, keys);
  }

  /** A provider registered in {@code registry} under the instance id {@code name}. */
  static Axle registered(AxleExtension runtimes, LocalRegistry registry, String transport, Named impl,
      Map<String, ?> extra) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("axle.service.name", Runtimes.SERVICE);
    keys.put("axle.registry.instance-id", impl.name);
    keys.put("axle.executors.default", "virtual");
    for (String present : Runtimes.transportsOnClassPath()) {
      keys.put("axle." + present + ".address", "127.0.0.1:0");
    }
    keys.putAll(extra);
    return runtimes.start(Axle.builder().config(Runtimes.config(keys)).registry(registry)
        .provider(Runtimes.SCHEMA, EchoService.class, impl));
  }

  /** {@code count} calls, each on a thread of its own; their outcomes when they end. */
  static List<CompletableFuture<Outcome>> inBackground(int count, Supplier<String> call) {
    List<CompletableFuture<Outcome>> futures = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      CompletableFuture<Outcome> outcome = new CompletableFuture<>();
      Thread.ofVirtual().start(() -> outcome.complete(Outcome.of(call)));
      futures.add(outcome);
    }
    return futures;
  }

  /** {@code count} calls one after the other. */
  static List<Outcome> inTurn(int count, Supplier<String> call) {
    List<Outcome> outcomes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      outcomes.add(Outcome.of(call));
    }
    return outcomes;
  }
}
