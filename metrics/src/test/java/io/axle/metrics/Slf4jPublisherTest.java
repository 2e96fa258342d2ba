package io.axle.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Role;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.Runtimes;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The default publisher writes through SLF4J (slf4j-simple prints to System.err in tests). */
class Slf4jPublisherTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void windowAndSlowLines_goToTheirLoggers() throws Exception {
    AxleMetrics metrics = AxleMetrics.create(Runtimes.config(Map.of("axle.metrics.window_time", "60s",
        "axle.metrics.publisher.defaultLog.enabled", true,
        "axle.metrics.Consumer.invocation.slow.enabled", true, "axle.metrics.Consumer.invocation.slow.msTime", 0)));
    PrintStream original = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    // From before the call: the axle-metrics thread logs a slow call as soon as it is queued.
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try (Calls calls = new Calls(runtimes, metrics, Map.of())) {
      calls.echo.echo("logged");
      calls.awaitEnds(Role.CONSUMER, Status.OK, 1);
      calls.awaitEnds(Role.PROVIDER, Status.OK, 1);
      metrics.tick();
    } finally {
      System.setErr(original);
    }
    String log = captured.toString(StandardCharsets.UTF_8);
    assertThat(log).contains("INFO io.axle.metrics - consumer highway EchoService.echo tps=")
        .contains("INFO io.axle.metrics - provider highway EchoService.echo tps=")
        .contains("INFO io.axle.metrics - cpu process=")
        .contains("WARN io.axle.metrics.slow - slow consumer highway EchoService.echo ");
  }
}
