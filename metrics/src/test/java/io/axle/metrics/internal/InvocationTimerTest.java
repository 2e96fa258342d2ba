package io.axle.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Role;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.testing.EchoService;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code axle.invocation} in a Prometheus scrape: windows add up into the buckets by their upper bounds,
 * inclusive, as {@code le} means, and a call over the last bound counts in {@code +Inf} only.
 */
class InvocationTimerTest {
  private static final String KEY = "operation=\"Echo.echo\",role=\"provider\",status=\"OK\",transport=\"highway\"";

  @Test
  void windowsAddUp_intoTheBucketOfEachCall() {
    PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    Instruments instruments = new Instruments(registry);
    OperationMeta echo = SchemaMeta.of("Echo", EchoService.class).operation("echo");
    Meter meter = new Meter(Role.PROVIDER, "highway", echo.qualifiedName(), Status.OK, instruments::invocationTimer);
    Invocation call = TestInvocations.of(Role.PROVIDER, echo, new Object[0]);

    meter.record(TimeUnit.MICROSECONDS.toNanos(100), call); // exactly on the first bound: le="1.0E-4"
    meter.record(TimeUnit.MICROSECONDS.toNanos(101), call); // just above: le="2.5E-4"
    meter.record(TimeUnit.SECONDS.toNanos(70), call); // past the last bound (60 s): +Inf only
    drain(meter);
    meter.record(TimeUnit.MILLISECONDS.toNanos(1), call); // the next window: le="0.001"
    drain(meter);

    String scrape = registry.scrape();
    assertThat(scrape).contains("# TYPE axle_invocation_seconds histogram")
        .contains("axle_invocation_seconds_bucket{" + KEY + ",le=\"1.0E-4\"} 1")
        .contains("axle_invocation_seconds_bucket{" + KEY + ",le=\"2.5E-4\"} 2")
        .contains("axle_invocation_seconds_bucket{" + KEY + ",le=\"0.001\"} 3")
        .contains("axle_invocation_seconds_bucket{" + KEY + ",le=\"60.0\"} 3")
        .contains("axle_invocation_seconds_bucket{" + KEY + ",le=\"+Inf\"} 4")
        .contains("axle_invocation_seconds_count{" + KEY + "} 4");
    assertThat(registry.get(Instruments.INVOCATION).tag("role", "provider").timer().totalTime(TimeUnit.SECONDS))
        .isCloseTo(70.0012, org.assertj.core.data.Offset.offset(0.1));
  }

  private static void drain(Meter meter) {
    meter.drain(new long[5], new long[5], new long[5]);
  }
}
