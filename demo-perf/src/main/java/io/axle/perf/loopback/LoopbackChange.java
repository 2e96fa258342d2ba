package io.axle.perf.loopback;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeys;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfFailure;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfService;
import io.axle.perf.StopSignal;
import io.axle.perf.report.TextReport;
import io.axle.registry.Registry;
import io.axle.registry.ServiceInstance;
import io.axle.registry.zookeeper.ZooKeeperKeys;
import io.axle.registry.zookeeper.ZooKeeperRegistryFactory;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;

/**
 * {@code loopback.change-after}: one live configuration change written mid-run to the service's configuration
 * node in ZooKeeper ({@code <root>/config/<service>}, docs/registry.md), which every producer watches, then
 * how long each producer took to run it, read from the {@code config-hash} its registry entry publishes. Each
 * producer's own windows show the switch ({@code config v1 -> v2: …}) and its effect.
 */
final class LoopbackChange {
  /** How long the producers get to run the change before the ones that did not are named. */
  static final Duration CONVERGE_WAIT = Duration.ofSeconds(10);

  private LoopbackChange() {
  }

  /**
   * The change asked for: empty without {@code loopback.change-after}.
   *
   * @throws PerfFailure naming the key, the value and what is expected: a change without ZooKeeper, an empty
   *     one, or one that sets a key a running producer cannot take
   */
  static Map<String, String> asked(AxleConfig perf) {
    Duration after = perf.get(PerfKeys.LOOPBACK_CHANGE_AFTER);
    List<String> items = perf.get(PerfKeys.LOOPBACK_CHANGE);
    if (after.isZero()) {
      if (!items.isEmpty()) {
        throw new PerfFailure(PerfKeys.LOOPBACK_CHANGE.name() + ": " + String.join(",", items) + " (expected: with "
            + PerfKeys.LOOPBACK_CHANGE_AFTER.name() + ", which says when to write it)");
      }
      return Map.of();
    }
    if (!perf.get(PerfKeys.LOOPBACK_ZOOKEEPER)) {
      throw new PerfFailure(PerfKeys.LOOPBACK_CHANGE_AFTER.name() + ": " + TextReport.duration(after) + " (expected: "
          + "with --" + PerfKeys.LOOPBACK_ZOOKEEPER.name() + "=true: the change is written to ZooKeeper, where the "
          + "producers watch their configuration)");
    }
    if (items.isEmpty()) {
      throw new PerfFailure(PerfKeys.LOOPBACK_CHANGE.name() + ": none (expected: KEY=VALUE items with "
          + PerfKeys.LOOPBACK_CHANGE_AFTER.name() + ", e.g. --loopback.change=axle.executors.default=inline)");
    }
    Map<String, String> change = new LinkedHashMap<>();
    for (String item : items) {
      int equals = item.indexOf('=');
      String key = item.substring(0, equals).strip();
      String value = item.substring(equals + 1).strip();
      ConfigKey<?> declared = ConfigKeys.find(key).orElseThrow(() -> new PerfFailure(PerfKeys.LOOPBACK_CHANGE.name()
          + ": " + item + " (expected: KEY=VALUE with a known axle key; " + key + " is none)"));
      if (!declared.isLive()) {
        throw new PerfFailure(PerfKeys.LOOPBACK_CHANGE.name() + ": " + item + " (expected: a live key; " + key
            + " is read once at start: docs/configuration.md marks each key live or restart)");
      }
      try {
        declared.parse(value);
      } catch (IllegalArgumentException e) {
        throw new PerfFailure(PerfKeys.LOOPBACK_CHANGE.name() + ": " + item + " (expected: " + key + " to be "
            + declared.expected() + ")");
      }
      change.put(key, value);
    }
    return change;
  }

  /**
   * Waits {@code after}, unless the run stops first; then writes {@code repeat} changes a second apart,
   * alternately the change and its removal, and reports when each was in force on each producer.
   */
  static void writeAfter(Duration after, int repeat, Map<String, String> change, String connectString,
      List<String> producers, PrintStream out, StopSignal stop) {
    try {
      if (stop.await(after.toNanos())) {
        return;
      }
    } catch (InterruptedException e) {
      return;
    }
    String root = ZooKeeperKeys.ROOT.defaultValue().orElseThrow();
    String node = root + "/config/" + PerfService.SERVICE_NAME;
    AxleConfig registryConfig = AxleConfig.builder()
        .put(CoreConfigKeys.REGISTRY_TYPE.name(), ZooKeeperRegistryFactory.TYPE)
        .put(ZooKeeperKeys.CONNECT_STRING.name(), connectString).build();
    StringBuilder yaml = new StringBuilder();
    change.forEach((key, value) -> yaml.append(key).append(": ").append(value).append('\n'));
    List<Long> inForce = new ArrayList<>();
    int missed = 0;
    try (CuratorFramework client = CuratorFrameworkFactory.newClient(connectString, new RetryOneTime(100));
        Registry registry = new ZooKeeperRegistryFactory().create(registryConfig)) {
      client.start();
      for (int i = 0; i < repeat; i++) {
        if (i > 0 && stop.await(TimeUnit.SECONDS.toNanos(1))) {
          break;
        }
        Map<String, Long> versions = versions(registry);
        byte[] data = (i % 2 == 0 ? yaml.toString() : "").getBytes(StandardCharsets.UTF_8);
        long written = System.currentTimeMillis();
        if (client.checkExists().forPath(node) == null) {
          client.create().creatingParentsIfNeeded().forPath(node, data);
        } else {
          client.setData().forPath(node, data);
        }
        if (i == 0) {
          out.printf("loopback: wrote %s to ZooKeeper %s at %s, %s after the producers were ready%s%n", change, node,
              java.time.LocalTime.now().truncatedTo(java.time.temporal.ChronoUnit.MILLIS), TextReport.duration(after),
              repeat > 1 ? "; " + (repeat - 1) + " more changes follow, a second apart, removing and writing it again"
                  : "");
        }
        Map<String, Long> took = awaitInForce(registry, versions, written, producers);
        missed += producers.size() - took.size();
        inForce.addAll(took.values());
        if (i == 0) {
          out.println(describeFirst(producers, took));
        }
      }
      if (repeat > 1) {
        out.println(describeAll(inForce, missed));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      out.println("loopback: the change could not be written to ZooKeeper " + node + ": " + e);
    }
  }

  /**
   * Waits until each producer's entry shows a version past the one it had, then takes how long after the write
   * that version took effect, from the {@code config-applied-at} the producer published (one machine, one clock).
   */
  private static Map<String, Long> awaitInForce(Registry registry, Map<String, Long> versions, long written,
      List<String> producers) throws InterruptedException {
    Map<String, Long> took = new TreeMap<>();
    long deadline = System.nanoTime() + CONVERGE_WAIT.toNanos();
    while (took.size() < producers.size() && System.nanoTime() < deadline) {
      for (ServiceInstance instance : registry.lookup(PerfService.SERVICE_NAME).instances()) {
        long version = number(instance.properties().get("config-version"));
        if (version > versions.getOrDefault(instance.instanceId(), Long.MAX_VALUE)
            && !took.containsKey(instance.instanceId())) {
          took.put(instance.instanceId(), number(instance.properties().get("config-applied-at")) - written);
        }
      }
      Thread.sleep(2);
    }
    return took;
  }

  private static String describeFirst(List<String> producers, Map<String, Long> took) {
    StringBuilder line = new StringBuilder("loopback: change in force (from the write to the producer running it):");
    for (String producer : producers) {
      Long millis = took.get(producer);
      line.append(' ').append(producer).append(' ').append(millis == null
          ? "not within " + TextReport.duration(CONVERGE_WAIT) : millis + " ms");
      line.append(producer.equals(producers.getLast()) ? "" : ",");
    }
    return line.toString();
  }

  private static String describeAll(List<Long> inForce, int missed) {
    List<Long> sorted = inForce.stream().sorted().toList();
    if (sorted.isEmpty()) {
      return "loopback: no change was in force on any producer within " + TextReport.duration(CONVERGE_WAIT);
    }
    return String.format(java.util.Locale.ROOT, "loopback: %d changes in force on the producers (from the write to "
        + "the producer running it): median %d ms, P99 %d ms, max %d ms%s", sorted.size(), percentile(sorted, 0.5),
        percentile(sorted, 0.99), sorted.getLast(), missed == 0 ? ""
            : "; " + missed + " not within " + TextReport.duration(CONVERGE_WAIT));
  }

  /** The nearest-rank percentile. */
  private static long percentile(List<Long> sorted, double p) {
    int rank = (int) Math.ceil(p * sorted.size());
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
  }

  private static long number(String text) {
    try {
      return text == null ? -1 : Long.parseLong(text);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static Map<String, Long> versions(Registry registry) {
    Map<String, Long> versions = new LinkedHashMap<>();
    for (ServiceInstance instance : registry.lookup(PerfService.SERVICE_NAME).instances()) {
      versions.put(instance.instanceId(), number(instance.properties().get("config-version")));
    }
    return versions;
  }
}
