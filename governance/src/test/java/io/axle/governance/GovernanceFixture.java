package io.axle.governance;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.registry.LocalRegistry;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
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

  /** An echo whose {@code sleepEcho} answers with the instance's name and counts its runs. */
  static final class Named extends EchoServiceImpl {
    final String name;
    final AtomicInteger runs = new AtomicInteger();

    Named(String name) {
      this.name = name;
    }

    @Override
    public String sleepEcho(String message, int delayMs) {
      runs.incrementAndGet();
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
  static Axle provider(String transport, EchoService impl, Map<String, ?> extra) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("axle.executors.default", "virtual");
    keys.putAll(extra);
    return Runtimes.provider(transport, impl, keys);
  }

  /** A provider registered in {@code registry} under the instance id {@code name}. */
  static Axle registered(LocalRegistry registry, String transport, Named impl, Map<String, ?> extra) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("axle.service.name", Runtimes.SERVICE);
    keys.put("axle.registry.instance-id", impl.name);
    keys.put("axle.executors.default", "virtual");
    for (String present : Runtimes.transportsOnClassPath()) {
      keys.put("axle." + present + ".address", "127.0.0.1:0");
    }
    keys.putAll(extra);
    return Axle.builder().config(Runtimes.config(keys)).registry(registry)
        .provider(Runtimes.SCHEMA, EchoService.class, impl).start();
  }

  /** {@code count} calls started together; their outcomes in the order they were started. */
  static List<Outcome> together(int count, Supplier<String> call) {
    ExecutorService threads = Executors.newFixedThreadPool(count);
    try {
      List<CompletableFuture<Outcome>> futures = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        futures.add(CompletableFuture.supplyAsync(() -> Outcome.of(call), threads));
      }
      return futures.stream().map(CompletableFuture::join).toList();
    } finally {
      threads.shutdownNow();
    }
  }
}
