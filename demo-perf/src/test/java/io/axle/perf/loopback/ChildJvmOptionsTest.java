package io.axle.perf.loopback;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The options a loopback producer child shares with its consumer: the JVM's kind, not its debugger, agent or files. */
class ChildJvmOptionsTest {

  @Test
  void heapGcJitAndNativeAccess_areShared_debuggersAgentsFilesAndProperties_areNot() {
    List<String> consumer = List.of("-Xmx2g", "-Xms512m", "-Xss1m", "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1",
        "--enable-native-access=ALL-UNNAMED", "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
        "-javaagent:/tmp/agent.jar", "-XX:StartFlightRecording=filename=consumer.jfr",
        "-XX:HeapDumpPath=/tmp/consumer.hprof", "-XX:ErrorFile=/tmp/hs_err.log", "-Dperf.role=consumer",
        "--add-opens=java.base/java.lang=ALL-UNNAMED");
    assertThat(ChildProducer.sharedJvmOptions(consumer)).containsExactly("-Xmx2g", "-Xms512m", "-Xss1m",
        "-XX:+UseParallelGC", "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED");
  }

  @Test
  void theChildsCommand_startsWithThisJava_thenTheSharedOptions() {
    List<String> command = ChildProducer.command(List.of("--axle.highway.address=127.0.0.1:0"));
    assertThat(command.get(0)).endsWith("java");
    assertThat(command).endsWith("--axle.highway.address=127.0.0.1:0");
    // This test JVM runs with the build's options (pom.xml's argLine): the child is given them.
    assertThat(command).contains("--enable-native-access=ALL-UNNAMED");
  }
}
