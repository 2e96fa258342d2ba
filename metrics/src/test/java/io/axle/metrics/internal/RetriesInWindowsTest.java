package io.axle.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.metrics.OperationStats;
import io.axle.metrics.Window;
import io.axle.testing.EchoService;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Attempts a consumer call sent after its first (retries, hedges) show where an operator looks: in the
 * window's row ({@code retries}), on the row's log line and in {@code axle_invocation_retries_total},
 * which keeps counting across windows.
 */
class RetriesInWindowsTest {
  private static final OperationMeta ECHO = SchemaMeta.of("Echo", EchoService.class).operation("echo");

  @Test
  void attemptsSentAgain_areCountedPerWindow_onTheLogLine_andInPrometheus() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    MetricsListener listener = new MetricsListener(Long.MAX_VALUE, Long.MAX_VALUE, () -> { }, new Instruments(registry));
    Aggregator aggregator = new Aggregator(listener);

    end(listener, 2);
    end(listener, 0);
    end(listener, 1);
    Window first = close(aggregator);
    end(listener, 1);
    Window second = close(aggregator);

    OperationStats row = first.operations().get(0);
    assertThat(row.count()).isEqualTo(3);
    assertThat(row.retries()).isEqualTo(3);
    assertThat(first.totals().get(0).retries()).isEqualTo(3);
    assertThat(LogPublisher.operationLine(row)).endsWith("err=0 retries=3");
    assertThat(second.operations().get(0).retries()).as("nothing carried over").isEqualTo(1);
    assertThat(registry.scrape()).contains("axle_invocation_retries_total{operation=\"Echo.echo\",role=\"consumer\","
        + "status=\"OK\",transport=\"highway\"} 4.0");

    end(listener, 0);
    assertThat(LogPublisher.operationLine(close(aggregator).operations().get(0))).as("no retries, no field")
        .doesNotContain("retries");
  }

  private static void end(MetricsListener listener, int extraAttempts) {
    Invocation call = TestInvocations.of(Role.CONSUMER, ECHO, new Object[] {"x"});
    TestInvocations.onTransport(call, "highway");
    long start = System.nanoTime();
    call.mark(Stage.CONSUMER_START, start);
    call.mark(Stage.CONSUMER_END, start + 1_000_000);
    for (int i = 0; i < extraAttempts; i++) {
      TestInvocations.attemptedAgain(call);
    }
    listener.onEnd(call, Response.ok("x"));
  }

  private static Window close(Aggregator aggregator) {
    return aggregator.close(Instant.now(), Instant.now(), 1_000_000_000L, List.of(), null, List.of(), List.of(), null,
        null);
  }
}
