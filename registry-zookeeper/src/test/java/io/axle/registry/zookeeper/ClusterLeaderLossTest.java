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
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A three-server ZooKeeper ensemble loses its leader under load: the others elect a new one,
 * clients move over, no call fails and a producer that registers afterwards gets calls.
 */
@Timeout(120)
@Tag("slow")
class ClusterLeaderLossTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final Duration WAIT = Duration.ofSeconds(30);

  @Test
  void theLeaderStopping_losesNoCall_andTheEnsembleStillTakesRegistrations() throws Exception {
    List<InstanceSpec> specs = new ArrayList<>();
    for (int id = 1; id <= 3; id++) {
      specs.add(new InstanceSpec(null, -1, -1, -1, true, id, 200, -1));
    }
    try (TestingCluster cluster = new TestingCluster(specs)) {
      cluster.start();
      String connect = cluster.getConnectString();
      try (TestProvider p1 = Fleet.producer(runtimes, connect, "/axle", "p1");
          TestProvider p2 = Fleet.producer(runtimes, connect, "/axle", "p2");
          Axle consumer = Fleet.consumer(runtimes, connect, "/axle", "highway", Map.of());
          CallLoad load = new CallLoad(consumer.reference(Greeter.class, Fleet.SERVICE, "Greeter"), 4)) {
        await(WAIT, "both answer", () -> load.answersFrom("p1") > 100 && load.answersFrom("p2") > 100);

        InstanceSpec leader = specs.stream().filter(Fleet::isLeader)
            .findFirst().orElseThrow(() -> new AssertionError("no leader among " + specs));
        assertThat(cluster.killServer(leader)).isTrue();
        long atLoss = load.total();
        await(WAIT, "calls go on", () -> load.total() > atLoss + 1000);

        try (TestProvider p3 = Fleet.producer(runtimes, connect, "/axle", "p3")) {
          await(WAIT, "a producer registered after the loss gets calls", () -> load.answersFrom("p3") > 100);
        }
        load.close();
        assertThat(load.failures()).isEmpty();
        assertThat(load.answersFrom("p1")).isPositive();
        assertThat(load.answersFrom("p2")).isPositive();
      }
    }
  }
}
