package io.axle.perf;

import io.axle.perf.producer.Producer;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Producer applications on ephemeral loopback ports (highway, REST and the raw baseline echoes), in this JVM, configured by
 * {@code --key=value} arguments over the jar's microservice.yaml, as {@code java -jar perf.jar} would be. Each keeps
 * its books in the test's {@link PerfBooks} (or a {@link SharedProducer}'s), without which it does not start.
 */
public final class TestProducers {

  private TestProducers() {
  }

  public static Producer start(Map<String, ?> extra) {
    Map<String, Object> entries = loopbackSettings();
    entries.put("baseline.address", "127.0.0.1:0");
    entries.put("baseline.rest-address", "127.0.0.1:0");
    entries.putAll(extra);
    String[] args = entries.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toArray(String[]::new);
    return Producer.start(args, new PerfOutput(System.out, System.err), new StopSignal());
  }

  /**
   * What every perf application in a test runs with: Axle's transports on ephemeral loopback ports,
   * one thread per event-loop pool, a small executor. A fresh, modifiable map, in a stable order.
   */
  public static Map<String, Object> loopbackSettings() {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.highway.address", "127.0.0.1:0");
    // One server loop: highway cannot bind port 0 with several (see the module's report), and tests need no more.
    entries.put("axle.highway.server.thread-count", 1);
    entries.put("axle.highway.client.thread-count", 1);
    entries.put("axle.rest.address", "127.0.0.1:0");
    entries.put("axle.rest.server.thread-count", 1);
    entries.put("axle.rest.client.thread-count", 1);
    entries.put("axle.executor.default.group", 1);
    entries.put("axle.executor.default.thread-per-group", 4);
    return entries;
  }

  /**
   * The {@code --axle.registry.local.perf1=...} argument pointing a consumer at this producer, on every
   * transport it serves: {@code axle.references.transport} picks which one the consumer calls.
   */
  public static String registryArg(Producer producer) {
    return "--axle.registry.local.perf1=" + producer.endpoints().values().stream()
        .map(e -> e.transport() + "://127.0.0.1:" + e.port()).collect(Collectors.joining(","));
  }
}
