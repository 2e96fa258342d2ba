package io.axle.registry.zookeeper;

import static io.axle.registry.zookeeper.Fleet.await;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.registry.Endpoint;
import io.axle.registry.InstanceStatus;
import io.axle.registry.Registration;
import io.axle.registry.ServiceInstance;
import io.axle.registry.ServiceInstances;
import io.axle.registry.Watch;
import io.axle.registry.zookeeper.internal.ZooKeeperRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.LogCapture;
import io.vertx.core.json.JsonObject;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.KillSession;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.client.FourLetterWordMain;
import org.apache.zookeeper.server.command.FourLetterCommands;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The registry against a real ZooKeeper server in this JVM: registration, watches, bad data, bad addresses. */
@Timeout(60)
@Tag("slow")
class ZooKeeperRegistryTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final Duration WAIT = Duration.ofSeconds(10);

  private TestingServer zookeeper;
  private CuratorFramework raw;
  private final List<ZooKeeperRegistry> registries = new CopyOnWriteArrayList<>();

  @BeforeEach
  void startZooKeeper() throws Exception {
    // A 200 ms tick lets the 2 s session of Fleet.registryKeys stand: with ZooKeeper's 3 s default the server
    // raises every session to 6 s (two ticks), and an expired provider's node outlives it by up to a tick more.
    zookeeper = new TestingServer(new InstanceSpec(null, -1, -1, -1, true, -1, 200, -1), true);
    raw = CuratorFrameworkFactory.newClient(zookeeper.getConnectString(), new RetryOneTime(100));
    raw.start();
  }

  @AfterEach
  void stop() throws Exception {
    registries.forEach(ZooKeeperRegistry::close);
    raw.close();
    zookeeper.close();
  }

  private ZooKeeperRegistry registry() {
    AxleConfig.Builder config = AxleConfig.builder();
    Fleet.registryKeys(zookeeper.getConnectString(), "/axle").forEach(config::put);
    ZooKeeperRegistry registry = ZooKeeperRegistry.connect(config.build());
    registries.add(registry);
    return registry;
  }

  private static ServiceInstance instance(String id, int port) {
    return new ServiceInstance("orders", id, "2.1.0",
        List.of(new Endpoint("highway", "127.0.0.1", port), new Endpoint("rest", "127.0.0.1", port + 1)),
        Set.of("Orders"), InstanceStatus.UP, Map.of("zone", "eu-1", "weight", "50"));
  }

  @Test
  void aRegisteredInstance_isAnEphemeralJsonNode_thatWatchersSeeComeGoDownAndLeave() throws Exception {
    ZooKeeperRegistry provider = registry();
    ZooKeeperRegistry consumer = registry();
    ServiceInstances view = consumer.lookup("orders");
    List<List<ServiceInstance>> seen = new CopyOnWriteArrayList<>();
    view.watch(seen::add);
    assertThat(view.instances()).isEmpty();

    ServiceInstance orders1 = instance("orders-1", 7070);
    Registration registration = provider.register(orders1);
    await(WAIT, "the consumer sees orders-1", () -> view.instances().equals(List.of(orders1)));
    assertThat(consumer.knownServices()).containsExactly("orders");
    assertThat(consumer.schemas("orders")).contains(Set.of("Orders"));

    String path = "/axle/services/orders/orders-1";
    assertThat(raw.checkExists().forPath(path).getEphemeralOwner()).isNotZero();
    JsonObject data = new JsonObject(new String(raw.getData().forPath(path), StandardCharsets.UTF_8));
    assertThat(data.getString("status")).isEqualTo("UP");
    assertThat(data.getJsonArray("endpoints").getList())
        .containsExactly("highway://127.0.0.1:7070", "rest://127.0.0.1:7071");
    assertThat(data.getJsonObject("properties").getString("zone")).isEqualTo("eu-1");

    registration.markDown();
    await(WAIT, "the consumer sees orders-1 DOWN", () -> view.instances().size() == 1
        && view.instances().get(0).status() == InstanceStatus.DOWN);
    assertThat(view.endpoints()).isEmpty();

    registration.deregister();
    await(WAIT, "orders-1 is gone", () -> view.instances().isEmpty());
    assertThat(raw.checkExists().forPath(path)).isNull();
    assertThat(seen.stream().map(List::size).toList()).containsExactly(1, 1, 0);
  }

  /**
   * Each watch is closed on its own; once the last of a service is, its Curator cache is closed, and
   * ZooKeeper itself holds no watch on the service's node. Watching again opens a cache that reads the
   * list as it is then.
   */
  @Test
  void closingTheLastWatchOfAService_closesItsCache_andWatchingAgainOpensOne() throws Exception {
    ZooKeeperRegistry provider = registry();
    ZooKeeperRegistry consumer = registry();
    ZooKeeperRegistry bystander = registry();
    String servicePath = "/axle/services/orders";
    ServiceInstances view = consumer.lookup("orders");
    List<List<ServiceInstance>> first = new CopyOnWriteArrayList<>();
    List<List<ServiceInstance>> second = new CopyOnWriteArrayList<>();
    Watch firstWatch = view.watch(first::add);
    Watch secondWatch = view.watch(second::add);
    ServiceInstance orders1 = instance("orders-1", 7070);
    provider.register(orders1);
    await(WAIT, "both watchers hear of orders-1", () -> first.size() == 1 && second.size() == 1);
    assertThat(zooKeeperWatches(consumer, servicePath)).as("ZooKeeper watches the service for the consumer").isTrue();

    firstWatch.close();
    firstWatch.close();
    assertThat(consumer.followedServices()).containsExactly("orders");
    Registration orders2 = provider.register(instance("orders-2", 7080));
    await(WAIT, "the open watch hears of orders-2", () -> second.size() == 2);
    assertThat(first).as("the closed watch does not").hasSize(1);

    secondWatch.close();
    secondWatch.close();
    assertThat(consumer.followedServices()).isEmpty();
    await(WAIT, "ZooKeeper no longer watches the service's node", () -> !zooKeeperWatches(consumer, servicePath));
    // A registry still following the service hears of the change; the consumer's closed watch does not.
    ServiceInstances seenByBystander = bystander.lookup("orders");
    orders2.deregister();
    await(WAIT, "the bystander sees orders-2 gone", () -> seenByBystander.instances().equals(List.of(orders1)));
    assertThat(second).hasSize(2);
    assertThat(view.instances()).as("the list as last read").hasSize(2);

    List<List<ServiceInstance>> third = new CopyOnWriteArrayList<>();
    Watch thirdWatch = view.watch(third::add);
    assertThat(consumer.followedServices()).containsExactly("orders");
    await(WAIT, "watching again reads the list as it is now", () -> view.instances().equals(List.of(orders1))
        && third.size() == 1);
    ServiceInstance orders3 = instance("orders-3", 7090);
    provider.register(orders3);
    await(WAIT, "the new watch hears of orders-3", () -> third.size() == 2
        && view.instances().equals(List.of(orders1, orders3)));
    assertThat(zooKeeperWatches(consumer, servicePath)).isTrue();
    thirdWatch.close();
    assertThat(consumer.followedServices()).isEmpty();
  }

  /**
   * Whether ZooKeeper holds a watch on {@code path} for the session of {@code registry}, as its {@code wchc}
   * command lists them (a session's id, then each path it watches on a line indented by a tab). The command
   * is allowed only for the time of the question, so that no other test meets a server that answers it.
   */
  private boolean zooKeeperWatches(ZooKeeperRegistry registry, String path) {
    String whitelist = "zookeeper.4lw.commands.whitelist";
    System.setProperty(whitelist, "wchc");
    FourLetterCommands.resetWhiteList();
    String session;
    String bySession;
    try {
      session = "0x" + Long.toHexString(registry.client().getZookeeperClient().getZooKeeper().getSessionId());
      bySession = FourLetterWordMain.send4LetterWord("127.0.0.1", zookeeper.getPort(), "wchc");
    } catch (Exception e) {
      throw new IllegalStateException("wchc: " + e, e);
    } finally {
      System.clearProperty(whitelist);
      FourLetterCommands.resetWhiteList();
    }
    boolean inSession = false;
    for (String line : bySession.lines().toList()) {
      if (!line.startsWith("\t")) {
        inSession = line.trim().equals(session);
      } else if (inSession && line.trim().equals(path)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void malformedNodes_areSkipped_andTheGoodOnesStillListed() throws Exception {
    ZooKeeperRegistry consumer = registry();
    raw.create().creatingParentsIfNeeded().forPath("/axle/services/orders/junk", "not json".getBytes());
    raw.create().forPath("/axle/services/orders/no-endpoints",
        "{\"service\":\"orders\",\"id\":\"x\",\"status\":\"UP\"}".getBytes());
    raw.create().forPath("/axle/services/orders/bad-status",
        "{\"service\":\"orders\",\"id\":\"y\",\"status\":\"MAYBE\",\"endpoints\":[]}".getBytes());
    raw.create().forPath("/axle/services/orders/empty");
    ServiceInstances view = consumer.lookup("orders");
    assertThat(view.instances()).isEmpty();

    ServiceInstance good = instance("orders-2", 7080);
    registry().register(good);
    await(WAIT, "the good instance is listed", () -> view.instances().equals(List.of(good)));
    raw.setData().forPath("/axle/services/orders/junk", "{\"still\": \"no\"}".getBytes());
    raw.delete().forPath("/axle/services/orders/empty");
    // Seen only if the cache went on past the bad nodes' changes: the list is then exactly the good two.
    ServiceInstance later = instance("orders-4", 7100);
    registry().register(later);
    await(WAIT, "an instance registered after the bad changes is listed",
        () -> view.instances().equals(List.of(good, later)));
  }

  @Test
  void aProviderWhoseSessionExpired_registersAgain() throws Exception {
    ZooKeeperRegistry provider = registry();
    ZooKeeperRegistry consumer = registry();
    ServiceInstances view = consumer.lookup("orders");
    ServiceInstance orders3 = instance("orders-3", 7090);
    provider.register(orders3);
    await(WAIT, "orders-3 listed", () -> view.instances().equals(List.of(orders3)));
    long expired = provider.client().getZookeeperClient().getZooKeeper().getSessionId();

    KillSession.kill(provider.client().getZookeeperClient().getZooKeeper());
    // The node of the expired session may be gone and back faster than a watcher lists it in between (Curator
    // deletes another session's node to make its own): the node's owner says whose it is.
    await(WAIT, "orders-3's node owned by the provider's new session", () -> {
      try {
        long session = provider.client().getZookeeperClient().getZooKeeper().getSessionId();
        org.apache.zookeeper.data.Stat node = raw.checkExists().forPath("/axle/services/orders/orders-3");
        return session != expired && node != null && node.getEphemeralOwner() == session;
      } catch (Exception e) {
        return false; // reconnecting
      }
    });
    await(WAIT, "orders-3 listed again", () -> view.instances().equals(List.of(orders3)));
  }

  @Test
  void reachability_followsTheConnection_andAClosedRegistryIsNotReachable() throws Exception {
    ZooKeeperRegistry registry = registry();
    assertThat(registry.isReachable()).as("connected").isTrue();

    zookeeper.stop();
    await(WAIT, "unreachable once the ensemble is gone", () -> !registry.isReachable());
    zookeeper.restart();
    await(WAIT, "reachable again once it is back", registry::isReachable);

    registry.close();
    assertThat(registry.isReachable()).as("closed").isFalse();
  }

  /**
   * A connect string nobody answers fails the start after axle.registry.zookeeper.start-timeout with one
   * message naming each server's problem, and without a line of ZooKeeper's client's or Curator's: the
   * client is never started.
   */
  @Test
  void aConnectStringNobodyAnswers_failsTheStart_namingEachServersProblem_withNothingFromTheLibraries()
      throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    String connectString = "127.0.0.1:" + closedPort + ",zk-typo.invalid:2181";
    AxleConfig.Builder config = AxleConfig.builder().put("axle.service.name", "orders");
    Fleet.registryKeys(connectString, "/axle").forEach(config::put);
    config.put("axle.registry.zookeeper.start-timeout", "1s");
    LogCapture log = new LogCapture();
    log.install();
    try {
      assertThatThrownBy(() -> Axle.builder().config(config.build()).start())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("axle.registry.zookeeper.connect-string: " + connectString
              + " (expected: a ZooKeeper ensemble that answers; for axle.registry.zookeeper.start-timeout = 1000 ms, "
              + "127.0.0.1:" + closedPort + " refused the connection (nothing listens there); zk-typo.invalid:2181: "
              + "unknown host zk-typo.invalid) — from builder");
    } finally {
      log.uninstall();
    }
    assertThat(log.text()).as("no client was started, so nothing of ZooKeeper's or Curator's")
        .doesNotContain("org.apache.zookeeper").doesNotContain("org.apache.curator");
  }

  @Test
  void aLocalListLeftOver_isReportedAsUnused_whenTheRegistryIsZooKeeper() {
    AxleConfig.Builder config = AxleConfig.builder().put("axle.service.name", "shop")
        .put("axle.registry.local.orders", "highway://127.0.0.1:7070", "microservice.yaml (./microservice.yaml)");
    Fleet.registryKeys(zookeeper.getConnectString(), "/axle").forEach(config::put);
    LogCapture log = new LogCapture();
    log.install();
    try (Axle shop = runtimes.start(Axle.builder().config(config.build()))) {
      assertThat(shop.registryState().reachable()).isTrue();
    } finally {
      log.uninstall();
    }
    assertThat(log.text()).contains("WARN io.axle.internal.Registries - axle.registry.local.orders is not used: "
        + "axle.registry.type is zookeeper, whose registry lists the instances of orders (expected: remove the key, "
        + "or axle.registry.type: local to call the listed instances) — from microservice.yaml (./microservice.yaml)");
  }

  @Test
  void anEnsembleThatDoesNotAnswerInTime_failsTheStart_namingTheKeyAndTheWait() throws Exception {
    // Accepts connections (the probe passes) but never speaks ZooKeeper.
    try (ServerSocket silent = new ServerSocket(0)) {
      AxleConfig.Builder config = AxleConfig.builder().put("axle.service.name", "orders");
      Fleet.registryKeys("127.0.0.1:" + silent.getLocalPort(), "/axle").forEach(config::put);
      config.put("axle.registry.zookeeper.start-timeout", "500ms");
      assertThatThrownBy(() -> Axle.builder().config(config.build()).start())
          .isInstanceOf(IllegalStateException.class)
          .hasMessageStartingWith("axle.registry.zookeeper.connect-string: 127.0.0.1:" + silent.getLocalPort()
              + " (expected: a ZooKeeper ensemble that answers; none did within "
              + "axle.registry.zookeeper.start-timeout = 500 ms)");
    }
  }

  @Test
  void aNameThatIsNoNodeName_isRefused_namingIt() {
    ZooKeeperRegistry registry = registry();
    ServiceInstance nested = new ServiceInstance("orders/eu", "orders-1", "1.0.0",
        List.of(new Endpoint("highway", "127.0.0.1", 7070)), Set.of(), InstanceStatus.UP, Map.of());
    assertThatThrownBy(() -> registry.register(nested))
        .hasMessage("axle.service.name: orders/eu (expected: a name without '/', usable as a ZooKeeper node name)");
    assertThatThrownBy(() -> registry.lookup("orders/eu"))
        .hasMessage("reference to service orders/eu (expected: a name without '/', usable as a ZooKeeper node name)");
  }

  @Test
  void badRegistryKeys_areRefused_withTheExpectedForm() {
    AxleConfig config = AxleConfig.builder()
        .put("axle.registry.type", "zookeeper")
        .put("axle.registry.zookeeper.root", "axle/")
        .put("axle.registry.zookeeper.connect-string", "zk1")
        .build();
    assertThatThrownBy(() -> Axle.builder().config(config).start())
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("axle.registry.zookeeper.root: axle/ (expected: an absolute ZooKeeper path without a "
            + "trailing slash, e.g. /axle)")
        .hasMessageContaining("axle.registry.zookeeper.connect-string: zk1 (expected: a comma-separated list of "
            + "host:port, e.g. zk1:2181,zk2:2181,zk3:2181)");

    AxleConfig badId = AxleConfig.builder().put("axle.registry.instance-id", "eu/orders-1").build();
    assertThatThrownBy(() -> Axle.builder().config(badId).start())
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("axle.registry.instance-id: eu/orders-1 (expected: letters, digits, '.', '_' and '-'");
  }
}
