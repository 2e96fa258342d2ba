package io.axle.perf.loopback;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.registry.Endpoint;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the child producer gets from the command line, and how its ready line is read. */
class LoopbackArgsTest {

  @Test
  void childGetsRuntimeKeysAndResponseSize_butNotConsumerKeysOrTheMode() throws Exception {
    List<String> args = LoopbackProducer.producerArgs(List.of("--loopback", "--sync-count=50", "--duration=2s",
        "--axle.highway.server.thread-count=8", "--servicecomb.executor.default.group=4", "--response-size=1024",
        "--json=r.json"));

    assertThat(args.subList(0, 4)).containsExactly("--axle.highway.address=127.0.0.1:0",
        "--axle.rest.address=127.0.0.1:0", "--baseline.address=127.0.0.1:0", "--baseline.rest-address=127.0.0.1:0");
    assertThat(args.subList(4, args.size())).containsExactly("--axle.highway.server.thread-count=8",
        "--servicecomb.executor.default.group=4", "--response-size=1024");
  }

  @Test
  void usersAddressWins_andIsTheOnlyOne() throws Exception {
    // Spring joins repeated --key= options into a list instead of taking the last: one address per key only.
    List<String> args = LoopbackProducer.producerArgs(List.of("--axle.highway.address=127.0.0.1:7171",
        "--axle.rest.address=127.0.0.1:8181", "--axle.references.transport=rest", "--baseline.address=127.0.0.1:7272",
        "--baseline.enabled=true"));

    assertThat(args).containsExactly("--baseline.rest-address=127.0.0.1:0", "--axle.highway.address=127.0.0.1:7171",
        "--axle.rest.address=127.0.0.1:8181", "--axle.references.transport=rest", "--baseline.address=127.0.0.1:7272",
        "--baseline.enabled=true");
  }

  @Test
  void proxyChildGetsTheProducersKeys_itsOwnFreePorts_andWhereTheProducerListens() {
    List<String> producer = LoopbackProducer.producerArgs(List.of("--axle.highway.address=127.0.0.1:7171",
        "--axle.executors.default=inline", "--response-size=8"));

    assertThat(LoopbackProducer.proxyArgs(producer, List.of("highway://127.0.0.1:7171", "rest://127.0.0.1:40000")))
        .containsExactly("--proxy", "--axle.highway.address=127.0.0.1:0", "--axle.rest.address=127.0.0.1:0",
            "--axle.executors.default=inline", "--response-size=8",
            "--axle.registry.local.perf1=highway://127.0.0.1:7171,rest://127.0.0.1:40000");
  }

  @Test
  void aFreePortOnlyWhereTheUserNamesNoAddress() throws Exception {
    List<String> args = LoopbackProducer.producerArgs(List.of("--axle.rest.address=127.0.0.1:8181"));

    assertThat(args).containsExactly("--axle.highway.address=127.0.0.1:0", "--baseline.address=127.0.0.1:0",
        "--baseline.rest-address=127.0.0.1:0", "--axle.rest.address=127.0.0.1:8181");
  }

  @Test
  void readyLineGivesTheBoundEndpoints() throws Exception {
    assertThat(ChildProducer.endpointsOf("perf producer ready: highway://0.0.0.0:40123 (executor: group, 2 groups x 8 threads)"))
        .containsExactly(new Endpoint("highway", "0.0.0.0", 40123));
    assertThat(ChildProducer.endpointsOf(
        "[producer] perf producer ready: highway://127.0.0.1:40123 rest://127.0.0.1:40124 (executor: inline, on the event loop)"))
        .containsExactly(new Endpoint("highway", "127.0.0.1", 40123), new Endpoint("rest", "127.0.0.1", 40124));
    // The baseline's endpoints follow Axle's, and parse like them: the consumer finds them in its registry.
    assertThat(ChildProducer.endpointsOf("perf producer ready: highway://127.0.0.1:1 rest://127.0.0.1:2"
        + " baseline://127.0.0.1:3 baseline-rest://127.0.0.1:4 (executor: inline, on the event loop)"))
        .containsExactly(new Endpoint("highway", "127.0.0.1", 1), new Endpoint("rest", "127.0.0.1", 2),
            new Endpoint("baseline", "127.0.0.1", 3), new Endpoint("baseline-rest", "127.0.0.1", 4));
    assertThatThrownBy(() -> ChildProducer.endpointsOf("perf producer ready: no transport listening (executor: x)"))
        .isInstanceOf(ChildProducer.NotReadyException.class);
  }

  @Test
  void childRunsOnThisJava() {
    List<String> command = ChildProducer.command(List.of("--x=1"));

    assertThat(command.get(0)).isEqualTo(ProcessHandle.current().info().command().orElseThrow());
    assertThat(command).last().isEqualTo("--x=1");
  }

  /** A live change asked for: refused before anything starts unless it can work, named with the fix. */
  @Test
  void aLoopbackChange_isCheckedBeforeAnythingStarts() {
    assertThat(LoopbackChange.asked(perf())).isEmpty();
    assertThat(LoopbackChange.asked(perf("--loopback.zookeeper=true", "--loopback.change-after=10s",
        "--loopback.change=axle.executors.default=inline,axle.request.timeout.perf1=2s")))
        .containsExactly(java.util.Map.entry("axle.executors.default", "inline"),
            java.util.Map.entry("axle.request.timeout.perf1", "2s"));
    assertThatThrownBy(() -> LoopbackChange.asked(perf("--loopback.change-after=10s",
        "--loopback.change=axle.executors.default=inline")))
        .hasMessage("loopback.change-after: 10s (expected: with --loopback.zookeeper=true: the change is written to "
            + "ZooKeeper, where the producers watch their configuration)");
    assertThatThrownBy(() -> LoopbackChange.asked(perf("--loopback.zookeeper=true", "--loopback.change-after=10s",
        "--loopback.change=axle.highway.address=127.0.0.1:1")))
        .hasMessage("loopback.change: axle.highway.address=127.0.0.1:1 (expected: a live key; axle.highway.address "
            + "is read once at start: docs/configuration.md marks each key live or restart)");
    assertThatThrownBy(() -> LoopbackChange.asked(perf("--loopback.zookeeper=true", "--loopback.change-after=10s",
        "--loopback.change=axle.executors.default=")))
        .hasMessageStartingWith("loopback.change: axle.executors.default= (expected: axle.executors.default to be ");
    assertThatThrownBy(() -> LoopbackChange.asked(perf("--loopback.change=axle.executors.default=inline")))
        .hasMessageStartingWith("loopback.change: axle.executors.default=inline (expected: with loopback.change-after");
  }

  private static io.axle.config.AxleConfig perf(String... args) {
    return io.axle.config.AxleConfig.builder().args(args).build();
  }
}
