package io.axle.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Role;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.testing.EchoService;
import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Axle's own registry reads the wall clock once per feed, and its timers count what was fed all the same. */
class FeedClockTest {

  @Test
  void duringAFeed_theWallTimeIsTheFeedsStart_andAfterItTheClocks() throws InterruptedException {
    FeedClock clock = new FeedClock();

    clock.feedStarted();
    long first = clock.wallTime();
    Thread.sleep(30);
    long during = clock.wallTime();
    clock.feedEnded();
    long after = clock.wallTime();

    assertThat(during).isEqualTo(first);
    assertThat(after).isGreaterThanOrEqualTo(first + 30);
    assertThat(clock.monotonicTime()).isPositive();
  }

  @Test
  void aRegistryOnIt_countsEveryCallFed_withItsMaximum() {
    FeedClock clock = new FeedClock();
    PrometheusMeterRegistry registry =
        new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, new PrometheusRegistry(), clock);
    Instruments instruments = new Instruments(registry);
    OperationMeta echo = SchemaMeta.of("Echo", EchoService.class).operation("echo");
    Meter meter = new Meter(Role.PROVIDER, "highway", echo.qualifiedName(), Status.OK, instruments::invocationTimer);
    Invocation call = TestInvocations.of(Role.PROVIDER, echo, new Object[0]);
    for (int i = 0; i < 1000; i++) {
      meter.record(TimeUnit.MICROSECONDS.toNanos(100 + i), call);
    }

    clock.feedStarted();
    try {
      meter.drain(new long[5], new long[5], new long[5]);
    } finally {
      clock.feedEnded();
    }

    Timer timer = registry.get(Instruments.INVOCATION).tag("role", "provider").timer();
    assertThat(timer.count()).isEqualTo(1000);
    assertThat(timer.max(TimeUnit.MICROSECONDS)).isBetween(1098.0, 1101.0);
    assertThat(registry.scrape()).contains("axle_invocation_seconds_count{")
        .contains("axle_invocation_seconds_max{");
  }
}
