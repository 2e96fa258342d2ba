package io.axle.perf.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The packaged perf.jar taking a live configuration change on a loopback fleet in ZooKeeper (docs/live-configuration.md).
 * A class of its own, so that it runs beside {@link PerfJarTest} in another of the module's test JVMs.
 */
@Tag("slow")
class PerfJarLiveChangeTest {
  private static final Duration RUN_WAIT = Duration.ofSeconds(60);

  private static Path jar;

  @BeforeAll
  static void findJar() {
    jar = JavaProcess.perfJar();
  }

  /**
   * The live-change run of docs/live-configuration.md, smaller: a producer registered in the demo's ZooKeeper
   * takes a change written to its service's configuration node mid-run and says so in its log, the consumer
   * prints when it ran it, and no call fails. (Three producers are the same path three times; the perf demo's
   * figures in docs/performance.md are from three.)
   */
  @Test
  void aLoopbackFleetInZooKeeper_takesALiveChangeMidRun_withNoFailedCall() throws Exception {
    try (JavaProcess loopback = JavaProcess.startJar(jar, "--loopback", "--loopback.producers=1",
        "--loopback.zookeeper=true", "--loopback.change-after=2s", "--loopback.change=axle.executors.default=inline",
        "--duration=2s", "--warmup=0s", "--sync-count=8")) {
      Optional<Integer> status = loopback.awaitExit(RUN_WAIT);

      String output = loopback.output();
      assertThat(status).as("exit; output:%n%s", output).contains(0);
      assertThat(output).contains("loopback: wrote {axle.executors.default=inline} to ZooKeeper /axle/config/perf1 at ");
      assertThat(output).containsPattern(Pattern.quote("[producer] ") + ".*configuration v2 \\(zookeeper "
          + "/axle/config/perf1, [0-9a-f]{12}\\) in force: axle.executors.default: group \\(default\\) -> inline");
      assertThat(output).containsPattern("loopback: change in force \\(from the write to the producer running it\\): "
          + "producer-1 \\d+ ms");
      assertThat(output).contains("errors      : 0");
    }
  }

}
