package io.axle.registry.zookeeper;

import static io.axle.registry.zookeeper.Fleet.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testkit.TestProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Three producers and a consumer under load, on a real ZooKeeper: calls spread, a graceful stop
 * costs nothing, a restarted producer gets calls again, and ZooKeeper itself may go away a while.
 */
@Timeout(120)
@Tag("slow")
class ScaleOutTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final Duration WAIT = Duration.ofSeconds(15);

  private TestingServer zookeeper;
  private final List<AutoCloseable> running = new ArrayList<>();

  @BeforeEach
  void startZooKeeper() throws Exception {
    zookeeper = new TestingServer(true);
  }

  @AfterEach
  void stopAll() throws Exception {
    for (int i = running.size() - 1; i >= 0; i--) {
      running.get(i).close();
    }
    zookeeper.close();
  }

  private TestProvider producer(String name) {
    TestProvider producer = Fleet.producer(runtimes, zookeeper.getConnectString(), "/axle", name);
    running.add(producer);
    return producer;
  }

  private Greeter consumer(String transport) {
    Axle consumer = Fleet.consumer(runtimes, zookeeper.getConnectString(), "/axle", transport, Map.of());
    running.add(consumer);
    return consumer.reference(Greeter.class, Fleet.SERVICE, "Greeter");
  }

  private CallLoad load(Greeter greeter) {
    CallLoad load = new CallLoad(greeter, 4);
    running.add(load);
    return load;
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void callsSpread_aGracefulStopCostsNoCall_andARestartedProducerGetsCallsAgain(String transport) throws Exception {
    producer("p1");
    TestProvider p2 = producer("p2");
    producer("p3");
    CallLoad load = load(consumer(transport));
    await(WAIT, "every producer answers (so far " + load.answers() + ")",
        () -> load.answersFrom("p1") > 100 && load.answersFrom("p2") > 100 && load.answersFrom("p3") > 100);
    long total = load.total();
    assertThat(load.answers().values()).allSatisfy(count -> assertThat(count).isGreaterThan(total / 10));

    // SIGTERM-style: DOWN in ZooKeeper, a wait, then GOAWAY and drain, all while the load runs.
    p2.close();
    long othersAtStop = load.answersFrom("p1") + load.answersFrom("p3");
    await(WAIT, "the others take the load", () -> load.answersFrom("p1") + load.answersFrom("p3") > othersAtStop + 500);
    // Read once the others took 500 calls, so that no caller is still counting an answer p2 gave.
    long fromP2AfterStop = load.answersFrom("p2");
    long othersLater = load.answersFrom("p1") + load.answersFrom("p3");
    await(WAIT, "the others take more", () -> load.answersFrom("p1") + load.answersFrom("p3") > othersLater + 500);
    assertThat(load.answersFrom("p2")).isEqualTo(fromP2AfterStop);
    assertThat(load.failures()).isEmpty();

    // The stopped producer back, under its old instance id: it gets calls again.
    producer("p2");
    await(WAIT, "the restarted producer gets calls", () -> load.answersFrom("p2") > fromP2AfterStop + 100);
    load.close();
    assertThat(load.failures()).isEmpty();
  }

  @Test
  void zooKeeperGoingAway_leavesCallsToKnownInstancesRunning_andItsReturnBringsNewProducers() throws Exception {
    producer("p1");
    producer("p2");
    CallLoad load = load(consumer("highway"));
    await(WAIT, "both answer", () -> load.answersFrom("p1") > 100 && load.answersFrom("p2") > 100);

    zookeeper.stop();
    long atStop = load.total();
    await(WAIT, "calls go on without ZooKeeper", () -> load.total() > atStop + 1000);
    assertThat(load.answersFrom("p1")).isPositive();

    zookeeper.restart();
    producer("p3");
    await(WAIT, "the producer registered after the return gets calls", () -> load.answersFrom("p3") > 100);
    load.close();
    assertThat(load.failures()).isEmpty();
  }
}
