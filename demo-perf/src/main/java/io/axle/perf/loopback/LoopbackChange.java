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

  /** Waits {@code after}, unless the run stops first; then writes the change and reports the producers' versions. */
  static void writeAfter(Duration after, Map<String, String> change, String connectString, List<String> producers,
      PrintStream out, StopSignal stop) {
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
    try (CuratorFramework client = CuratorFrameworkFactory.newClient(connectString, new RetryOneTime(100));
        Registry registry = new ZooKeeperRegistryFactory().create(registryConfig)) {
      client.start();
      Map<String, String> before = hashes(registry);
      StringBuilder yaml = new StringBuilder();
      change.forEach((key, value) -> yaml.append(key).append(": ").append(value).append('\n'));
      byte[] data = yaml.toString().getBytes(StandardCharsets.UTF_8);
      long written = System.nanoTime();
      if (client.checkExists().forPath(node) == null) {
        client.create().creatingParentsIfNeeded().forPath(node, data);
      } else {
        client.setData().forPath(node, data);
      }
      out.printf("loopback: wrote %s to ZooKeeper %s %s after the producers were ready%n", change, node,
          TextReport.duration(after));
      report(registry, before, written, producers, out);
    } catch (Exception e) {
      out.println("loopback: the change could not be written to ZooKeeper " + node + ": " + e);
    }
  }

  /** Polls the entries until every producer publishes another hash than before, or the wait is over. */
  private static void report(Registry registry, Map<String, String> before, long written, List<String> producers,
      PrintStream out) throws InterruptedException {
    Map<String, Long> took = new TreeMap<>();
    Map<String, String> versions = new TreeMap<>();
    long deadline = written + CONVERGE_WAIT.toNanos();
    while (took.size() < producers.size() && System.nanoTime() < deadline) {
      for (ServiceInstance instance : registry.lookup(PerfService.SERVICE_NAME).instances()) {
        String hash = instance.properties().get("config-hash");
        if (hash != null && !hash.equals(before.get(instance.instanceId())) && !took.containsKey(instance.instanceId())) {
          took.put(instance.instanceId(), System.nanoTime() - written);
          versions.put(instance.instanceId(), "v" + instance.properties().get("config-version") + " " + hash);
        }
      }
      Thread.sleep(2);
    }
    StringBuilder line = new StringBuilder("loopback: change in force (from the write to the registry entry's new "
        + "config-hash):");
    for (String producer : producers) {
      Long nanos = took.get(producer);
      line.append(' ').append(producer).append(' ').append(nanos == null
          ? "not within " + TextReport.duration(CONVERGE_WAIT)
          : TimeUnit.NANOSECONDS.toMillis(nanos) + " ms (" + versions.get(producer) + ")");
      line.append(producer.equals(producers.getLast()) ? "" : ",");
    }
    out.println(line);
  }

  private static Map<String, String> hashes(Registry registry) {
    Map<String, String> hashes = new LinkedHashMap<>();
    for (ServiceInstance instance : registry.lookup(PerfService.SERVICE_NAME).instances()) {
      hashes.put(instance.instanceId(), instance.properties().getOrDefault("config-hash", ""));
    }
    return hashes;
  }
}
