package io.axle.registry.zookeeper;

import static io.axle.registry.zookeeper.Fleet.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.AxleConfig;
import io.axle.registry.Registry;
import io.axle.registry.ServiceInstance;
import io.axle.testing.AxleExtension;
import io.axle.testing.LogCapture;
import io.axle.testkit.TestProvider;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A service's configuration in ZooKeeper, on a real three-server ensemble: a write to the service's node reaches
 * every instance, which runs it and says so in its registry entry; an instance's node wins over the service's
 * for that instance; what cannot be run is refused everywhere and changes nothing; an outage leaves each
 * instance on its version, and they converge after it. How long each instance took is printed, not asserted:
 * the perf demo's {@code --loopback.change-after} measures it.
 */
@Tag("slow")
class ZooKeeperConfigSourceTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final String NODE = "/axle/config/" + Fleet.SERVICE;

  private final List<InstanceSpec> specs = new ArrayList<>();
  private TestingCluster cluster;
  private CuratorFramework writer;
  private final List<TestProvider> producers = new ArrayList<>();
  private Registry registry;

  @BeforeEach
  void startAnEnsembleAndThreeInstances() throws Exception {
    for (int id = 1; id <= 3; id++) {
      specs.add(new InstanceSpec(null, -1, -1, -1, true, id, 200, -1));
    }
    cluster = new TestingCluster(specs);
    cluster.start();
    writer = CuratorFrameworkFactory.newClient(cluster.getConnectString(), new RetryOneTime(100));
    writer.start();
    for (String name : List.of("p1", "p2", "p3")) {
      producers.add(Fleet.producer(runtimes, cluster.getConnectString(), "/axle", name));
    }
    AxleConfig.Builder keys = AxleConfig.builder();
    Fleet.registryKeys(cluster.getConnectString(), "/axle").forEach(keys::put);
    registry = new ZooKeeperRegistryFactory().create(keys.build());
  }

  @AfterEach
  void stopThem() throws Exception {
    registry.close();
    for (TestProvider producer : producers) {
      producer.close();
    }
    writer.close();
    cluster.close();
  }

  @Test
  void aWriteToTheServiceNode_reachesEveryInstance_whichPublishesItsVersionInItsEntry() throws Exception {
    long written = write(NODE, "axle:\n  executors:\n    default: virtual\n");
    List<String> took = new ArrayList<>();
    for (TestProvider producer : producers) {
      await(WAIT, producer.axle().config().getRaw("axle.registry.instance-id").orElseThrow() + " runs the write",
          () -> producer.axle().configVersion().number() == 2);
      took.add(producer.axle().config().getRaw("axle.registry.instance-id").orElseThrow() + " "
          + (producer.axle().configVersion().appliedAt().toEpochMilli() - written) + " ms");
    }
    System.out.println("from the write to each instance's new version: " + String.join(", ", took));

    Set<String> hashes = producers.stream().map(p -> p.axle().configVersion().hash()).collect(Collectors.toSet());
    assertThat(hashes).as("one configuration on every instance").hasSize(1);
    assertThat(producers).allSatisfy(p -> {
      assertThat(p.axle().configVersion().source()).isEqualTo("zookeeper " + NODE);
      assertThat(p.axle().operations()).allSatisfy(op -> assertThat(op.executor()).isEqualTo("virtual threads"));
    });
    String hash = hashes.iterator().next();
    await(WAIT, "every entry publishes the hash", () -> entries().values().stream()
        .allMatch(properties -> hash.equals(properties.get("config-hash"))
            && "2".equals(properties.get("config-version"))));
  }

  @Test
  void anInstanceNode_winsOverTheServiceNode_forThatInstanceOnly() throws Exception {
    TestProvider p2 = producers.get(1);
    // The fleet runs inline (Fleet.producer).
    write(NODE + "/instances/p2", "axle.executors.default: group");
    await(WAIT, "p2 runs on the group pool", () -> p2.axle().operations().getFirst().executor().startsWith("group"));
    write(NODE, "axle.executors.default: virtual");
    await(WAIT, "the others run on virtual threads", () ->
        producers.get(0).axle().operations().getFirst().executor().equals("virtual threads")
            && producers.get(2).axle().operations().getFirst().executor().equals("virtual threads"));
    assertThat(p2.axle().operations().getFirst().executor()).startsWith("group");
    assertThat(p2.axle().configVersion().number()).as("p2's versions: the instance node's, then nothing in force "
        + "changed").isEqualTo(2);
  }

  @Test
  void whatNoInstanceCanRun_isRefusedEverywhere_andTheNextGoodWriteApplies() throws Exception {
    write(NODE, "axle.executors.defualt: virtual");
    await(WAIT, "every instance refused the unknown key", () -> producers.stream().allMatch(p ->
        p.axle().lastRefusedChange().map(r -> r.problems().toString().contains("axle.executors.defualt")).orElse(false)));
    write(NODE, "axle.highway.address: 127.0.0.1:1");
    await(WAIT, "every instance refused the restart-only key", () -> producers.stream().allMatch(p ->
        p.axle().lastRefusedChange().map(r -> r.problems().toString().contains("is read once at start")).orElse(false)));
    LogCapture log = new LogCapture();
    log.install();
    try {
      write(NODE, "axle: [not, a, map");
      await(WAIT, "a warning naming the node", () -> log.text().contains("ZooKeeper " + NODE
          + " holds no configuration that can be read (expected: YAML or JSON, the keys of microservice.yaml)"));
    } finally {
      log.uninstall();
    }
    assertThat(producers).allSatisfy(p -> assertThat(p.axle().configVersion().number()).isEqualTo(1));
    write(NODE, "axle.executors.default: virtual");
    await(WAIT, "the good write applies", () -> producers.stream().allMatch(p ->
        p.axle().configVersion().number() == 2));
    assertThat(producers).allSatisfy(p -> assertThat(p.axle().operations().getFirst().executor())
        .isEqualTo("virtual threads"));
  }

  @Test
  void aChangeWrittenAroundAnOutage_reachesEveryInstanceOnceTheQuorumIsBack() throws Exception {
    write(NODE, "axle.request.timeout: 4s");
    await(WAIT, "the first write everywhere", () -> producers.stream()
        .allMatch(p -> p.axle().configVersion().number() == 2));
    // Two of three servers gone: no quorum, no session can be served.
    cluster.killServer(specs.get(0));
    cluster.killServer(specs.get(1));
    Thread.sleep(1000);
    assertThat(producers).allSatisfy(p -> assertThat(p.axle().configVersion().number()).as("during the outage")
        .isEqualTo(2));
    cluster.restartServer(specs.get(0));
    cluster.restartServer(specs.get(1));
    write(NODE, "axle.request.timeout: 6s");
    await(WAIT, "every instance converges", () -> producers.stream()
        .allMatch(p -> p.axle().config().getRaw("axle.request.timeout").equals(java.util.Optional.of("6s"))));
    assertThat(producers.stream().map(p -> p.axle().configVersion().hash()).collect(Collectors.toSet())).hasSize(1);
  }

  @Test
  void withTheSourceOff_aWriteChangesNothing() throws Exception {
    TestProvider.Builder builder = TestProvider.builder(Fleet.SERVICE)
        .provider("Greeter", Greeter.class, caller -> "off")
        .config("axle.registry.instance-id", "off")
        .listener(runtimes.listener("off"));
    Fleet.registryKeys(cluster.getConnectString(), "/axle").forEach(builder::config);
    TestProvider off = builder.config("axle.registry.zookeeper.config.enabled", false).start();
    producers.add(off);
    write(NODE, "axle.executors.default: virtual");
    await(WAIT, "the watching instances run it", () -> producers.get(0).axle().configVersion().number() == 2);
    Thread.sleep(500);
    assertThat(off.axle().configVersion().number()).isEqualTo(1);
  }

  private long write(String path, String yaml) throws Exception {
    byte[] data = yaml.getBytes(StandardCharsets.UTF_8);
    long now = System.currentTimeMillis();
    if (writer.checkExists().forPath(path) == null) {
      writer.create().creatingParentsIfNeeded().forPath(path, data);
    } else {
      writer.setData().forPath(path, data);
    }
    return now;
  }

  private Map<String, Map<String, String>> entries() {
    return registry.lookup(Fleet.SERVICE).instances().stream()
        .collect(Collectors.toMap(ServiceInstance::instanceId, ServiceInstance::properties));
  }
}
