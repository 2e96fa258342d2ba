package io.axle.metrics;

import io.axle.Axle;
import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A highway provider and consumer on loopback, both heard by one {@link AxleMetrics}, and a listener
 * registered after it that counts ends, so a test knows every call was recorded before it ticks.
 */
final class Calls implements AutoCloseable {
  final AxleMetrics metrics;
  final EchoServiceImpl impl = new EchoServiceImpl();
  final Axle provider;
  final Axle consumer;
  final EchoService echo;
  private final Map<String, AtomicInteger> ends = new ConcurrentHashMap<>();
  private final Map<String, List<Long>> latencies = new ConcurrentHashMap<>();

  /** Starts the provider and consumer through {@code runtimes}, which keeps their books. */
  Calls(AxleExtension runtimes, AxleMetrics metrics, Map<String, ?> providerConfig) {
    this.metrics = metrics;
    InvocationListener counter = new InvocationListener() {
      @Override
      public void onEnd(Call invocation, Response response) {
        long start = invocation.stageNanos(invocation.role() == Role.CONSUMER ? Stage.CONSUMER_START
            : Stage.PROVIDER_RECEIVED);
        long end = invocation.stageNanos(invocation.role() == Role.CONSUMER ? Stage.CONSUMER_END
            : Stage.PROVIDER_SENT);
        latencies.computeIfAbsent(invocation.role() + " " + invocation.operation().qualifiedName(),
            k -> new CopyOnWriteArrayList<>()).add(end - start);
        ends.computeIfAbsent(invocation.role() + " " + response.status(), k -> new AtomicInteger()).incrementAndGet();
      }
    };
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.highway.address", "127.0.0.1:0");
    entries.put("axle.highway.server.thread-count", 1);
    entries.put("axle.highway.client.thread-count", 1);
    entries.putAll(providerConfig);
    provider = runtimes.start(Axle.builder().config(Runtimes.config(entries)).listener(metrics.listener())
        .listener(counter).provider(Runtimes.SCHEMA, EchoService.class, impl));
    consumer = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.registry.local." + Runtimes.SERVICE,
            "highway://127.0.0.1:" + provider.endpoint("highway").orElseThrow().port(),
            "axle.highway.client.thread-count", 1, "axle.highway.server.thread-count", 1)))
        .listener(metrics.listener()).listener(counter));
    echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    metrics.start(provider);
  }

  /** Waits until {@code count} calls of that role ended with that status, in all. */
  void awaitEnds(Role role, Status status, int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (ended(role, status) < count) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(role + " " + status + ": " + ended(role, status) + " ends, expected " + count);
      }
      Thread.sleep(2);
    }
  }

  /** The latencies (ns) this independent listener measured for the operation, sorted. */
  List<Long> latencies(Role role, String operation) {
    List<Long> sorted = new ArrayList<>(latencies.getOrDefault(role + " " + operation, List.of()));
    sorted.sort(null);
    return sorted;
  }

  int ended(Role role, Status status) {
    AtomicInteger n = ends.get(role + " " + status);
    return n == null ? 0 : n.get();
  }

  @Override
  public void close() {
    impl.release();
    metrics.close();
    consumer.close();
    provider.close();
  }
}
