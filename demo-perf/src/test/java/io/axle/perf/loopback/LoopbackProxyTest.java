package io.axle.perf.loopback;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.PerfBooks;
import io.axle.perf.PerfMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code --loopback --loopback.proxy=true}: client -> proxy child -> producer child, as real processes. */
@Tag("slow")
class LoopbackProxyTest {
  /** The consumer's, in this JVM; the proxy and the producer are child processes, other JVMs, and keep none. */
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  @Test
  void theConsumerCallsThroughAProxyChild_thatCallsTheProducerChild() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"--loopback", "--loopback.proxy=true", "--sync-count=4", "--duration=1s",
        "--warmup=0s", "--axle.executors.default=virtual", "--axle.highway.server.thread-count=1",
        "--axle.highway.client.thread-count=1"}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(output).contains("[producer] perf producer ready: ", "(executor: virtual threads)")
        .containsPattern("\\[proxy\\] perf proxy ready: highway://127\\.0\\.0\\.1:\\d+ .*target: perf1 over highway");
    // The consumer drives the proxy's port, not the producer's.
    String proxyPort = output.replaceAll("(?s).*\\[proxy\\] perf proxy ready: highway://127\\.0\\.0\\.1:(\\d+) .*", "$1");
    assertThat(output).contains("driving perf1 at highway://127.0.0.1:" + proxyPort + " over highway");
    assertThat(output).contains("errors      : 0");
    // Both processes' CPU per request: this one's, and the producer child's (read through its process handle).
    java.util.regex.Matcher cpu = java.util.regex.Pattern.compile(
        "  cpu/request : consumer (\\d+\\.\\d) µs, producer (\\d+\\.\\d) µs \\(process CPU over the measured ")
        .matcher(output);
    assertThat(cpu.find()).as("cpu line in:%n%s", output).isTrue();
    assertThat(Double.parseDouble(cpu.group(1))).isPositive();
    assertThat(Double.parseDouble(cpu.group(2))).isPositive();
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
