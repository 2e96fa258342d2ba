package io.axle.perf.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.perf.PerfService;
import io.axle.perf.PerfServiceAsync;
import io.axle.perf.StopSignal;
import io.axle.testing.AxleExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * No producer: the consumer waits, says so once, then fails with status 1 and a clear reason, whether nothing
 * listens at the address or something listens and never answers.
 */
class ProducerUnavailableTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();


  /** What one consumer run against {@code target} printed, how it ended and how long it took. */
  private record Run(int status, String out, String err, Duration took) {
  }

  /**
   * A consumer with a one-second {@code producer.wait} against {@code target}: the runtime and references the
   * starter would give the consumer bean, made by hand to shorten the wait.
   */
  private Run consume(String target) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    AxleConfig config = AxleConfig.builder()
        .put("axle.registry.local.perf1", target)
        // An unanswered ping is still in flight when the runtime stops: fail it at once, not after 30 s.
        .put("axle.shutdown.timeout", "100ms")
        .put("axle.highway.client.thread-count", 1)
        .put("axle.highway.server.thread-count", 1)
        .build();
    try (Axle axle = runtimes.start(Axle.builder().config(config))) {
      ConsumerSettings settings = ConsumerSettings.from(config);
      Consumer consumer = new Consumer(settings, ConsumerTarget.of(config, java.util.List.of(target),
          settings.transport()),
          axle.reference(PerfService.class, PerfService.SERVICE_NAME, PerfService.SCHEMA_ID),
          axle.reference(PerfServiceAsync.class, PerfService.SERVICE_NAME, PerfService.SCHEMA_ID),
          new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
          new StopSignal(), Duration.ofSeconds(1), null, null, ConsumerFigures.NONE);
      long start = System.nanoTime();
      int status = consumer.run();
      return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8),
          Duration.ofNanos(System.nanoTime() - start));
    }
  }

  @Test
  void failsAfterTheWaitWithOneWaitingLine() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }
    String target = "highway://127.0.0.1:" + closedPort;

    Run run = consume(target);

    assertThat(run.status()).isEqualTo(1);
    assertThat(run.out().lines().filter(l -> l.startsWith("waiting for")))
        .containsExactly("waiting for perf1 at " + target + " ...");
    assertThat(run.err()).contains("perf1 did not answer at " + target + " within 1s (producer.wait; last error: ")
        .contains("or wait longer with --producer.wait=60s");
    // Several tries, not one: the retry interval is 200 ms.
    assertThat(run.took()).isBetween(Duration.ofMillis(900), Duration.ofSeconds(10));
  }

  @Test
  void aPortThatAcceptsAndNeverAnswers_failsAfterTheWaitToo() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      // Accepts (the kernel completes the handshake) and never reads or writes: a hung producer.
      String target = "highway://127.0.0.1:" + silent.getLocalPort();

      Run run = consume(target);

      assertThat(run.status()).isEqualTo(1);
      assertThat(run.err()).contains("perf1 did not answer at " + target + " within 1s (producer.wait; last error: ")
          .contains("a call was not answered before producer.wait ran out");
      // Not axle.request.timeout's 30 s: the wait bounds each try.
      assertThat(run.took()).isBetween(Duration.ofMillis(900), Duration.ofSeconds(10));
    }
  }
}
