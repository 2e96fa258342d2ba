package io.axle.registry.zookeeper;

import static io.axle.registry.zookeeper.Fleet.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigSource;
import io.axle.config.ConfigVersion;
import io.axle.registry.ServiceInstance;
import io.axle.registry.ServiceInstances;
import io.axle.registry.zookeeper.internal.ZooKeeperConfigSource;
import io.axle.registry.zookeeper.internal.ZooKeeperRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.LogCapture;
import io.axle.testkit.TestProvider;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The service's configuration in ZooKeeper, against a real three-server ensemble: a write to the service's node
 * reaches every instance, an instance's node overrides it for that instance, what the runtime refuses or what does
 * not parse changes nothing, an outage of the quorum leaves no instance behind, and the watch can be turned off.
 * One ensemble for the class (its start is most of a test's time); each test has a root of its own.
 */
@Timeout(60)
@Tag("slow")
class ZooKeeperConfigSourceTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  /** Generous: every wait here is for something that takes milliseconds, or a few seconds after an outage. */
  private static final Duration WAIT = Duration.ofSeconds(10);
  private static final AtomicInteger ROOTS = new AtomicInteger();

  private static List<InstanceSpec> specs;
  private static TestingCluster cluster;
  private static CuratorFramework writer;

  private String root;
  private String serviceNode;
  private final List<ZooKeeperRegistry> registries = new CopyOnWriteArrayList<>();

  @BeforeAll
  static void startEnsemble() throws Exception {
    specs = new ArrayList<>();
    for (int id = 1; id <= 3; id++) {
      // A 200 ms tick, as ClusterLeaderLossTest's: Fleet's 2 s session stands, and elections are quick.
      specs.add(new InstanceSpec(null, -1, -1, -1, true, id, 200, -1));
    }
    cluster = new TestingCluster(specs);
    cluster.start();
    writer = CuratorFrameworkFactory.newClient(cluster.getConnectString(), new ExponentialBackoffRetry(100, 10));
    writer.start();
  }

  @AfterAll
  static void stopEnsemble() throws Exception {
    writer.close();
    cluster.close();
  }

  @BeforeEach
  void ownRoot() {
    root = "/config-test-" + ROOTS.incrementAndGet();
    serviceNode = root + "/config/" + Fleet.SERVICE;
  }

  @AfterEach
  void closeRegistries() {
    registries.forEach(ZooKeeperRegistry::close);
  }

  /**
   * One write to the service's node: every instance runs it, with the same hash, published in its registry entry.
   * Prints how long each took, from the write to its version and to its entry: a benchmark, not a bound.
   */
  @Test
  void aWriteToTheServiceNode_reachesEveryInstance_andTheirEntriesPublishItsHash() throws Exception {
    List<Axle> fleet = producers("p1", "p2", "p3");
    String startHash = fleet.getFirst().configVersion().hash();
    assertThat(fleet).allSatisfy(p -> assertThat(p.configVersion().hash()).isEqualTo(startHash));
    ServiceInstances entries = reader().lookup(Fleet.SERVICE);
    await(WAIT, "three entries", () -> entries.instances().size() == 3);

    long written = System.nanoTime();
    write(serviceNode, "axle.executors.default: inline\n");
    Map<String, Long> toVersion = new LinkedHashMap<>();
    Map<String, Long> toEntry = new LinkedHashMap<>();
    long deadline = written + WAIT.toNanos();
    while ((toVersion.size() < 3 || toEntry.size() < 3) && System.nanoTime() < deadline) {
      for (Axle producer : fleet) {
        String id = producer.config().getRaw("axle.registry.instance-id").orElseThrow();
        if (!toVersion.containsKey(id) && !producer.configVersion().hash().equals(startHash)) {
          toVersion.put(id, System.nanoTime() - written);
        }
      }
      for (ServiceInstance entry : entries.instances()) {
        String hash = entry.properties().get("config-hash");
        if (!toEntry.containsKey(entry.instanceId()) && hash != null && !hash.equals(startHash)) {
          toEntry.put(entry.instanceId(), System.nanoTime() - written);
        }
      }
      Thread.sleep(1);
    }
    System.out.println("ZooKeeperConfigSourceTest: from the write to the new version, per instance: "
        + millis(toVersion) + "; to the new config-hash in its registry entry: " + millis(toEntry));
    assertThat(toVersion).as("instances that ran the change within %s", WAIT).hasSize(3);
    assertThat(toEntry).as("entries that published it within %s", WAIT).hasSize(3);

    String hash = fleet.getFirst().configVersion().hash();
    assertThat(hash).isNotEqualTo(startHash);
    for (Axle producer : fleet) {
      ConfigVersion version = producer.configVersion();
      assertThat(version.hash()).isEqualTo(hash);
      assertThat(version.number()).isEqualTo(2);
      assertThat(version.source()).isEqualTo("zookeeper " + serviceNode);
      assertThat(version.changes()).containsExactly("axle.executors.default: virtual -> inline");
      assertThat(producer.operations()).allSatisfy(op -> assertThat(op.executor()).isEqualTo("inline (event loop)"));
    }
    assertThat(entries.instances()).hasSize(3).allSatisfy(entry -> {
      assertThat(entry.properties()).containsEntry("config-hash", hash).containsEntry("config-version", "2");
    });
  }

  /**
   * An instance's node overrides the service's for that instance only, whichever was written first; a node that
   * is gone contributes nothing; an instance that starts applies what the nodes hold before its start returns.
   */
  @Test
  void anInstanceNode_overridesTheServiceNode_forThatInstanceOnly() throws Exception {
    List<Axle> fleet = producers("p1", "p2");
    Axle p1 = fleet.get(0);
    Axle p2 = fleet.get(1);

    write(serviceNode + "/instances/p1", "{\"axle\": {\"request\": {\"timeout\": \"3s\"}}}");
    awaitVersion(List.of(p1), 2, "p1 runs its node");
    assertThat(timeout(p1)).hasValue("3s");
    write(serviceNode, "axle.request.timeout: 7s\naxle.executors.default: inline\n");
    await(WAIT, "both run the service's node", () -> p1.configVersion().number() == 3
        && p2.configVersion().number() == 2);
    assertThat(timeout(p2)).hasValue("7s");
    assertThat(timeout(p1)).as("p1's node, though written first").hasValue("3s");
    assertThat(p1.config().getRaw("axle.executors.default")).hasValue("inline");
    assertThat(p1.config().sourceOf("axle.request.timeout")).isEqualTo("zookeeper " + serviceNode);
    assertThat(p2.operations()).allSatisfy(op -> assertThat(op.executor()).isEqualTo("inline (event loop)"));

    Axle p3 = producers("p3").getFirst();
    assertThat(p3.configVersion().number()).as("applied before the start returned").isEqualTo(2);
    assertThat(timeout(p3)).hasValue("7s");
    assertThat(p3.configVersion().hash()).isEqualTo(p2.configVersion().hash());

    writer.delete().forPath(serviceNode + "/instances/p1");
    awaitVersion(List.of(p1), 4, "p1 back on the service's node");
    assertThat(timeout(p1)).hasValue("7s");
    assertThat(p1.configVersion().changes()).containsExactly("axle.request.timeout: 3s -> 7s");
    assertThat(p1.configVersion().hash()).isEqualTo(p2.configVersion().hash());
  }

  /**
   * A change the runtime cannot take (an unknown key, a key read once at start) is refused by every instance,
   * naming the key, and changes nothing; the next valid write applies.
   */
  @Test
  void aChangeTheRuntimeRefuses_changesNothingOnAnyInstance_andTheNextValidWriteApplies() throws Exception {
    List<Axle> fleet = producers("p1", "p2");
    write(serviceNode, "axle.request.timeout: 4s\n");
    awaitVersion(fleet, 2, "the first change");
    List<ConfigVersion> before = fleet.stream().map(Axle::configVersion).toList();

    write(serviceNode, "axle.request.timeout: 5s\naxle.executors.defualt: inline\n");
    awaitAll(fleet, "the unknown key refused", p -> refused(p, "axle.executors.defualt: unknown key"));
    write(serviceNode, "axle:\n  highway:\n    address: 127.0.0.1:9\n");
    awaitAll(fleet, "the restart-only key refused", p -> refused(p, "axle.highway.address: 127.0.0.1:9 (expected: "
        + "127.0.0.1:0, as the service started: axle.highway.address is read once at start"));
    assertThat(fleet.stream().map(Axle::configVersion).toList()).isEqualTo(before);
    assertThat(fleet).allSatisfy(p -> {
      assertThat(timeout(p)).hasValue("4s");
      assertThat(p.lastRefusedChange().orElseThrow().source()).isEqualTo("zookeeper " + serviceNode);
    });

    write(serviceNode, "axle.request.timeout: 6s\n");
    awaitVersion(fleet, 3, "the valid write");
    assertThat(fleet).allSatisfy(p -> assertThat(timeout(p)).hasValue("6s"));
  }

  /**
   * Text that does not parse: one WARN per instance and text, naming the node and the error; nothing changes, not
   * even for a valid write to the other node meanwhile; the next valid write applies.
   */
  @Test
  void textThatDoesNotParse_isOneWarning_andChangesNothing_untilAValidWrite() throws Exception {
    LogCapture log = new LogCapture();
    log.install();
    try {
      List<Axle> fleet = producers("p1", "p2");
      write(serviceNode, "axle.request.timeout: 4s\n");
      awaitVersion(fleet, 2, "the first change");

      String warning = "WARN io.axle.config - ZooKeeper node " + serviceNode + ": ";
      write(serviceNode, "axle:\n  request: {timeout: 5s\n");
      await(WAIT, "a warning per instance", () -> count(log.text(), warning) == 2);
      assertThat(log.text()).contains(warning + "YAML syntax error at line 3, column 1: expected ',' or '}'")
          .contains("(expected: YAML or JSON mapping the keys of microservice.yaml to values); the running "
              + "configuration stays until the node parses");
      write(serviceNode, "axle:\n  request: {timeout: 5s\n");
      write(serviceNode + "/instances/p1", "axle.executors.default: inline\n");
      write(serviceNode, "- a list, not a mapping\n");
      await(WAIT, "the list warned about too", () -> count(log.text(), warning) == 4);
      assertThat(log.text()).contains(warning + "invalid configuration YAML at line 1, column 1: the top level must "
          + "map keys to values");
      assertThat(fleet).allSatisfy(p -> {
        assertThat(p.configVersion().number()).isEqualTo(2);
        assertThat(timeout(p)).hasValue("4s");
        assertThat(p.lastRefusedChange()).isEmpty();
      });

      write(serviceNode, "axle.request.timeout: 5s\n");
      awaitVersion(fleet, 3, "the valid write");
      assertThat(fleet).allSatisfy(p -> assertThat(timeout(p)).hasValue("5s"));
      assertThat(fleet.getFirst().config().getRaw("axle.executors.default")).hasValue("inline");
      assertThat(count(log.text(), warning)).as("no more warnings").isEqualTo(4);
    } finally {
      log.uninstall();
    }
  }

  /**
   * The quorum lost just after a write and restored: every instance ends on the node's content with one hash,
   * whether it heard of the write before the outage or only after; the next write reaches all of them too. (An
   * instance whose session expired meanwhile may pass through an older state on its way: its new session may read
   * from a server still catching up, whose next events bring it on. So the test waits for the end, not a number.)
   */
  @Test
  void aQuorumLostAfterAWrite_leavesNoInstanceBehind() throws Exception {
    List<Axle> fleet = producers("p1", "p2", "p3");
    ServiceInstances entries = reader().lookup(Fleet.SERVICE);
    write(serviceNode, "axle.request.timeout: 4s\n");
    awaitVersion(fleet, 2, "the first change");

    write(serviceNode, "axle.request.timeout: 5s\naxle.executors.default: inline\n");
    List<InstanceSpec> stopped = specs.subList(0, 2);
    for (InstanceSpec spec : stopped) {
      assertThat(cluster.killServer(spec)).isTrue();
    }
    long lost = System.nanoTime();
    List<Long> atLoss = fleet.stream().map(p -> p.configVersion().number()).toList();
    Thread.sleep(1000);
    for (InstanceSpec spec : stopped) {
      assertThat(cluster.restartServer(spec)).isTrue();
    }
    String hash = awaitConverged(fleet, "5s", "the write made before the outage");
    assertThat(fleet).allSatisfy(p -> assertThat(p.config().getRaw("axle.executors.default")).hasValue("inline"));
    await(WAIT, "the entries publish it", () -> entries.instances().size() == 3
        && entries.instances().stream().allMatch(e -> hash.equals(e.properties().get("config-hash"))));
    System.out.println("ZooKeeperConfigSourceTest: quorum lost for 1 s just after the write, the instances then on "
        + "versions " + atLoss + " (3: the write's); every one on the node's content "
        + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lost) + " ms after the loss, on versions "
        + fleet.stream().map(p -> p.configVersion().number()).toList());

    write(serviceNode, "axle.request.timeout: 6s\naxle.executors.default: inline\n");
    String after = awaitConverged(fleet, "6s", "the write after the outage");
    assertThat(after).isNotEqualTo(hash);
  }

  /**
   * A node deleted and made again while an instance could not reach ZooKeeper comes back with the data version it
   * had (0: written once), and Curator's cache, which compares versions, tells no listener when it reads it again;
   * the instance runs the new content all the same. The instance knows one server only, a follower, so that
   * stopping that one cuts it off while the two others keep the quorum and take the writes. (Whether it reads the
   * node once, replaced, or passes through its deletion depends on how far the restarted server caught up when
   * it first answers: the test prints which.)
   */
  @Test
  void aNodeMadeAgainDuringAnOutage_withTheVersionItHad_isApplied() throws Exception {
    InstanceSpec only = specs.stream().filter(spec -> !Fleet.isLeader(spec)).findFirst().orElseThrow();
    TestProvider producer = Fleet.producer(runtimes, "127.0.0.1:" + only.getPort(), root, "p1",
        Map.of("axle.executors.default", "virtual"));
    Axle instance = runtimes.manage(producer.axle());
    write(serviceNode, "axle.request.timeout: 4s\n");
    awaitVersion(List.of(instance), 2, "the node's first content");

    assertThat(cluster.killServer(only)).isTrue();
    try {
      writer.delete().forPath(serviceNode);
      write(serviceNode, "axle.request.timeout: 5s\n");
      assertThat(writer.checkExists().forPath(serviceNode).getVersion()).as("the node's data version").isZero();
    } finally {
      assertThat(cluster.restartServer(only)).isTrue();
    }
    awaitConverged(List.of(instance), "5s", "the content made during the outage");
    System.out.println("ZooKeeperConfigSourceTest: the node made again during the outage applied as "
        + (instance.configVersion().number() == 3 ? "one change: read replaced, under the version it had"
        : "two: its deletion, then the new node") + " " + instance.configVersion());
  }

  /**
   * {@code axle.registry.zookeeper.config.enabled: false}: no watch; writes to the service's and the instance's node,
   * which a watching instance runs, change nothing.
   */
  @Test
  void turnedOff_theNodesAreNotWatched() throws Exception {
    Axle off = Fleet.producer(runtimes, cluster.getConnectString(), root, "off",
        Map.of("axle.executors.default", "virtual", "axle.registry.zookeeper.config.enabled", false)).axle();
    runtimes.manage(off);
    Axle on = producers("on").getFirst();
    write(serviceNode + "/instances/off", "axle.request.timeout: 5s\n");
    write(serviceNode, "axle.request.timeout: 4s\n");
    awaitVersion(List.of(on), 2, "the watching instance runs the write");
    assertThat(off.configVersion().number()).isEqualTo(1);
    assertThat(timeout(off)).isEmpty();
  }

  /**
   * The source by itself: its first apply (the merged nodes, the instance's over the service's, nested or flat)
   * is made before {@code watch} returns; a close, twice, stops the applies.
   */
  @Test
  void theWatch_appliesTheMergedNodesBeforeItReturns_andClosingItTwiceStopsIt() throws Exception {
    write(serviceNode, "axle.request.timeout: 7s\naxle.executors.default: inline\n");
    write(serviceNode + "/instances/i1", "axle:\n  request:\n    timeout: 3s\n");
    RecordingContext first = new RecordingContext("i1");
    ConfigSource.Watch watch = new ZooKeeperConfigSource().watch(first);
    assertThat(watch).isNotNull();
    assertThat(first.applied).containsExactly(Map.of("axle.request.timeout", "3s", "axle.executors.default", "inline"));
    assertThat(first.sources).containsExactly("zookeeper " + serviceNode);

    write(serviceNode, "axle.executors.default: group\n");
    await(WAIT, "the change applied", () -> first.applied.size() == 2);
    assertThat(first.applied.getLast()).isEqualTo(Map.of("axle.request.timeout", "3s", "axle.executors.default",
        "group"));

    watch.close();
    watch.close();
    write(serviceNode + "/instances/i1", "axle.request.timeout: 4s\n");
    RecordingContext second = new RecordingContext("i1");
    ConfigSource.Watch again = new ZooKeeperConfigSource().watch(second);
    try {
      assertThat(second.applied).containsExactly(Map.of("axle.request.timeout", "4s", "axle.executors.default",
          "group"));
    } finally {
      again.close();
    }
    assertThat(first.applied).as("nothing applied once closed").hasSize(2);

    RecordingContext consumer = new RecordingContext(null);
    ConfigSource.Watch serviceOnly = new ZooKeeperConfigSource().watch(consumer);
    serviceOnly.close();
    assertThat(consumer.applied).as("without an instance id, the service's node only")
        .containsExactly(Map.of("axle.executors.default", "group"));
  }

  /** A context of the service with {@code instanceId}, or none, that records what it is asked to apply. */
  private final class RecordingContext implements ConfigSource.Context {
    final List<Map<String, ?>> applied = new CopyOnWriteArrayList<>();
    final List<String> sources = new CopyOnWriteArrayList<>();
    private final String instanceId;
    private final AxleConfig config;

    RecordingContext(String instanceId) {
      this.instanceId = instanceId;
      AxleConfig.Builder builder = AxleConfig.builder();
      Fleet.registryKeys(cluster.getConnectString(), root).forEach(builder::put);
      this.config = builder.build();
    }

    @Override
    public AxleConfig config() {
      return config;
    }

    @Override
    public String serviceName() {
      return Fleet.SERVICE;
    }

    @Override
    public Optional<String> instanceId() {
      return Optional.ofNullable(instanceId);
    }

    @Override
    public ConfigVersion apply(String source, Map<String, ?> values) {
      sources.add(source);
      applied.add(Map.copyOf(values));
      return new ConfigVersion(applied.size() + 1, source, "test", Instant.now(), List.of());
    }
  }

  /** Producers of the service under this test's root, on the virtual executor, closed after the test. */
  private List<Axle> producers(String... names) {
    List<Axle> started = new ArrayList<>();
    for (String name : names) {
      TestProvider producer = Fleet.producer(runtimes, cluster.getConnectString(), root, name,
          Map.of("axle.executors.default", "virtual"));
      started.add(runtimes.manage(producer.axle()));
    }
    return started;
  }

  private ZooKeeperRegistry reader() {
    AxleConfig.Builder config = AxleConfig.builder();
    Fleet.registryKeys(cluster.getConnectString(), root).forEach(config::put);
    ZooKeeperRegistry registry = ZooKeeperRegistry.connect(config.build());
    registries.add(registry);
    return registry;
  }

  private static void write(String path, String text) throws Exception {
    byte[] data = text.getBytes(StandardCharsets.UTF_8);
    if (writer.checkExists().forPath(path) == null) {
      writer.create().creatingParentsIfNeeded().forPath(path, data);
    } else {
      writer.setData().forPath(path, data);
    }
  }

  private static Optional<String> timeout(Axle runtime) {
    return runtime.config().getRaw("axle.request.timeout");
  }

  private static boolean refused(Axle runtime, String problem) {
    return runtime.lastRefusedChange().map(r -> r.problems().stream().anyMatch(p -> p.startsWith(problem)))
        .orElse(false);
  }

  private static void awaitAll(List<Axle> fleet, String what, Predicate<Axle> condition) throws InterruptedException {
    await(WAIT, what + " on every instance", () -> fleet.stream().allMatch(condition));
  }

  /**
   * Waits on the version: a runtime's configuration in force is written before its version (they are two fields),
   * so a key already read new says nothing of the version yet.
   */
  private static void awaitVersion(List<Axle> fleet, long number, String what) throws InterruptedException {
    awaitAll(fleet, what + " (v" + number + ")", p -> p.configVersion().number() == number);
  }

  /**
   * Waits until every instance runs {@code timeout} under one hash, and returns it. The version is read before
   * the configuration: it is written after it.
   */
  private static String awaitConverged(List<Axle> fleet, String timeout, String what) throws InterruptedException {
    Set<String> hashes = new HashSet<>();
    await(WAIT, what + " on every instance, under one hash", () -> {
      hashes.clear();
      for (Axle p : fleet) {
        hashes.add(p.configVersion().hash());
        if (!timeout(p).equals(Optional.of(timeout))) {
          return false;
        }
      }
      return hashes.size() == 1;
    });
    return hashes.iterator().next();
  }

  private static int count(String text, String part) {
    int count = 0;
    for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1)) {
      count++;
    }
    return count;
  }

  private static String millis(Map<String, Long> nanos) {
    List<String> each = new ArrayList<>();
    nanos.forEach((id, took) -> each.add(id + " " + TimeUnit.NANOSECONDS.toMillis(took) + " ms"));
    return String.join(", ", each);
  }
}
