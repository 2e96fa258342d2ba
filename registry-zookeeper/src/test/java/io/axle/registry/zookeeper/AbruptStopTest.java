package io.axle.registry.zookeeper;

import static io.axle.registry.zookeeper.Fleet.await;
import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.registry.zookeeper.internal.ZooKeeperRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testkit.TestProvider;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A producer killed with SIGKILL under load: it cannot deregister, so its entry stays until its
 * ZooKeeper session expires. Calls it had in flight fail (counted, with the reason); calls that
 * would go to it meanwhile cannot connect and go to another instance unsent; none fails once the
 * session expired.
 */
@Timeout(120)
@Tag("slow")
class AbruptStopTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final Duration WAIT = Duration.ofSeconds(20);
  private static final int CALLERS = 4;

  @Test
  void aKilledProducer_costsAtMostTheCallsItHadInFlight_andNoneAfterItsSessionExpired() throws Exception {
    // Short ticks, so that the 2 s session of the fleet is allowed (ZooKeeper bounds it to 2..20 ticks).
    InstanceSpec spec = new InstanceSpec(null, -1, -1, -1, true, -1, 200, -1);
    try (TestingServer zookeeper = new TestingServer(spec, true);
        TestProvider p1 = Fleet.producer(runtimes, zookeeper.getConnectString(), "/axle", "p1");
        TestProvider p2 = Fleet.producer(runtimes, zookeeper.getConnectString(), "/axle", "p2");
        Axle consumer = Fleet.consumer(runtimes, zookeeper.getConnectString(), "/axle", "highway", Map.of());
        ZooKeeperRegistry observer = observer(zookeeper.getConnectString())) {
      Process doomed = ProducerProcess.start(zookeeper.getConnectString(), "/axle", "doomed").process();
      try (CallLoad load = new CallLoad(consumer.reference(Greeter.class, Fleet.SERVICE, "Greeter"), CALLERS)) {
        await(WAIT, "the producer process gets calls", () -> load.answersFrom("doomed") > 100);

        doomed.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        await(WAIT, "its session expires and its entry goes", () -> observer.lookup(Fleet.SERVICE).instances()
            .stream().noneMatch(i -> i.instanceId().equals("doomed")));
        List<String> failedWhileListed = load.failures();
        assertThat(failedWhileListed).hasSizeLessThanOrEqualTo(CALLERS)
            .allSatisfy(message -> assertThat(message).startsWith("Greeter.whoAmI failed on highway://127.0.0.1:"));

        long atExpiry = load.total();
        await(WAIT, "the others go on", () -> load.total() > atExpiry + 1000);
        assertThat(load.failures()).isEqualTo(failedWhileListed);
      } finally {
        doomed.destroyForcibly();
      }
    }
  }

  private static ZooKeeperRegistry observer(String connectString) {
    AxleConfig.Builder config = AxleConfig.builder();
    Fleet.registryKeys(connectString, "/axle").forEach(config::put);
    return ZooKeeperRegistry.connect(config.build());
  }
}
