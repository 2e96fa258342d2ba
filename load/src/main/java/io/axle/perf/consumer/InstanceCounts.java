package io.axle.perf.consumer;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import io.axle.Status;
import io.axle.registry.Endpoint;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * A consumer filter that counts the answered calls by the producer instance that answered them,
 * named by the endpoint the selection picked; the windows and the summary print each instance's
 * share. Only installed when there are several instances, as it costs a callback per call.
 */
public final class InstanceCounts implements Filter {
  private final Map<Endpoint, String> labels;
  /** By label, in the order the instances were named; others (not named) are added as they answer. */
  private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
  private final Map<String, Long> taken = new LinkedHashMap<>();

  /** @param labels each instance's endpoints and the name to print for it, e.g. producer-1 */
  public InstanceCounts(Map<Endpoint, String> labels) {
    this.labels = Map.copyOf(labels);
    labels.values().forEach(label -> {
      counts.putIfAbsent(label, new LongAdder());
      taken.putIfAbsent(label, 0L);
    });
  }

  @Override
  public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
    return next.proceed(call).whenComplete((response, error) -> {
      Endpoint endpoint = call.endpoint();
      if (response != null && response.status() == Status.OK && endpoint != null) {
        counts.computeIfAbsent(labels.getOrDefault(endpoint, endpoint.toString()), k -> new LongAdder()).increment();
      }
    });
  }

  @Override
  public String name() {
    return "instance-counts";
  }

  /** The answers of each instance since the last call; one thread (the window clock) calls it. */
  synchronized Map<String, Long> take() {
    Map<String, Long> delta = new LinkedHashMap<>();
    for (String label : taken.keySet()) {
      delta.put(label, 0L);
    }
    counts.forEach((label, count) -> {
      long now = count.sum();
      long before = taken.getOrDefault(label, 0L);
      taken.put(label, now);
      delta.put(label, now - before);
    });
    return delta;
  }

  /** {@code instances: producer-1 12,345/s 50.1% | producer-2 …} for a window of {@code seconds}. */
  static String windowLine(Map<String, Long> delta, double seconds) {
    long total = delta.values().stream().mapToLong(Long::longValue).sum();
    StringBuilder line = new StringBuilder("  instances:");
    String separator = " ";
    for (Map.Entry<String, Long> entry : delta.entrySet()) {
      line.append(separator).append(String.format(Locale.ROOT, "%s %,.0f/s %.1f%%", entry.getKey(),
          entry.getValue() / Math.max(seconds, 1e-9), total == 0 ? 0.0 : 100.0 * entry.getValue() / total));
      separator = " | ";
    }
    return line.toString();
  }

  /** {@code per instance (measured): producer-1 123,456 calls 33.4% | …}. */
  static String summaryLine(Map<String, Long> measured, double seconds) {
    long total = measured.values().stream().mapToLong(Long::longValue).sum();
    StringBuilder line = new StringBuilder("per instance (measured):");
    String separator = " ";
    for (Map.Entry<String, Long> entry : measured.entrySet()) {
      line.append(separator).append(String.format(Locale.ROOT, "%s %,d calls (%,.0f/s) %.1f%%", entry.getKey(),
          entry.getValue(), entry.getValue() / Math.max(seconds, 1e-9),
          total == 0 ? 0.0 : 100.0 * entry.getValue() / total));
      separator = " | ";
    }
    return line.toString();
  }
}
