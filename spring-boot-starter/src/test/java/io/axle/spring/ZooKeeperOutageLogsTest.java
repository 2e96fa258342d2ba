package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A ZooKeeper outage as a Boot application's log shows it, with Logback (Boot's default logging): Axle's
 * own warning when ZooKeeper cannot be reached and its line when it is back, and not ZooKeeper's client's
 * warning with a stack trace for every reconnect attempt nor Curator's errors (the starter's logging
 * defaults, which an application's own {@code logging.level.*} overrides).
 *
 * <p>Runs in the module's {@code logback} test execution (as {@link TracingLogsTest}); skipped elsewhere.
 */
@Tag("slow")
class ZooKeeperOutageLogsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  /** What Logback's console appender writes, on System.out; the test is skipped without Logback. */
  @RegisterExtension
  final LogbackConsole console = new LogbackConsole();

  @Test
  void anOutage_isTwoLinesOfAxles_notAWarningPerReconnectAttempt() throws Exception {
    try (TestingServer zookeeper = new TestingServer(true);
        ConfigurableApplicationContext provider = Apps.run(runtimes, ProviderConsumerTest.ProviderApp.class,
            "--axle.registry.type=zookeeper", "--axle.registry.zookeeper.connect-string="
                + zookeeper.getConnectString(), "--axle.registry.zookeeper.session-timeout=30s",
            "--axle.registry.deregister-wait=100ms", "--axle.service.name=echo-service")) {
      Axle axle = provider.getBean(AxleRuntimeHolder.class).axle();
      int before = console.mark();

      zookeeper.stop();
      await(() -> !axle.registryState().reachable(), "the registry seen unreachable");
      Thread.sleep(3000); // a few of ZooKeeper's client's reconnect attempts (about one a second)
      zookeeper.restart();
      await(() -> axle.registryState().reachable(), "the registry reached again");

      List<String> lines = console.since(before).lines().toList();
      assertThat(lines).anyMatch(l -> l.contains(" WARN ") && l.contains("cannot be reached"))
          .anyMatch(l -> l.contains(" INFO ") && l.contains("reached again"));
      // The in-process ZooKeeper server's own lines (org.apache.zookeeper.server) are the test's, not the client's;
      // its warning at restart shows the logger names in the form isClientLibrary reads.
      assertThat(lines).as("the in-process server's warning at its restart").anyMatch(l -> l.contains(" WARN ")
          && l.matches(".*\\bo(rg)?\\.a(pache)?\\.z(ookeeper)?\\.s(erver)?\\.\\S*\\s+:.*"));
      assertThat(lines).as("ZooKeeper's client's and Curator's warnings and errors during the outage")
          .noneMatch(l -> (l.contains(" WARN ") || l.contains(" ERROR ")) && isClientLibrary(l));
      assertThat(lines).as("the client's stack traces").noneMatch(l -> l.startsWith("\tat org.apache.zookeeper.ClientCnxn"));
    }
  }

  /** A line of ZooKeeper's client (ClientCnxn, …) or of Curator, by Logback's abbreviated logger name. */
  private static boolean isClientLibrary(String line) {
    return line.matches(".*\\bo(rg)?\\.a(pache)?\\.(c(urator)?\\.\\S*|z(ookeeper)?\\.(?!s(erver)?\\.)\\S*)\\s+:.*");
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 30 s: " + what);
      }
      Thread.sleep(50);
    }
  }
}
