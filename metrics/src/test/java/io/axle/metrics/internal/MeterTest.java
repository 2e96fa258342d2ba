package io.axle.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.testing.EchoService;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A meter written by more threads than it has stripes while the clock drains it: across the windows,
 * every call is counted once, whole, with its exact stage times.
 */
class MeterTest {
  private static final int THREADS = 40;
  private static final int CALLS = 20_000;

  @Test
  void concurrentWritersAndDrains_loseAndDoubleNothing() throws Exception {
    OperationMeta echo = SchemaMeta.of("Echo", EchoService.class).operations().values().iterator().next();
    Timer cumulative = Timer.builder("calls").serviceLevelObjectives(Instruments.INVOCATION_BUCKETS)
        .register(new SimpleMeterRegistry());
    Meter meter = new Meter(Role.PROVIDER, "highway", echo.qualifiedName(), Status.OK, m -> cumulative);
    CountDownLatch done = new CountDownLatch(THREADS);
    List<Thread> writers = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      long executeNanos = 3_000 + t * 1_000L;
      writers.add(Thread.ofPlatform().start(() -> {
        try {
          for (int i = 0; i < CALLS; i++) {
            meter.record(20_000, call(echo, executeNanos));
          }
        } finally {
          done.countDown();
        }
      }));
    }
    long calls = 0;
    long[] sums = new long[5];
    long[] counts = new long[5];
    long[] maxima = new long[5];
    boolean last = false;
    while (!last) {
      last = done.getCount() == 0; // one more drain after the last writer ended
      Histogram window = meter.drain(sums, counts, maxima);
      calls += window.getTotalCount();
      if (window.getTotalCount() > 0) {
        assertThat(window.getMaxValue()).isEqualTo(window.highestEquivalentValue(20));
      }
    }
    for (Thread writer : writers) {
      writer.join();
    }
    long total = (long) THREADS * CALLS;
    assertThat(calls).isEqualTo(total);
    assertThat(counts).containsOnly(total);
    // decode 1 µs, queue 2 µs, execute 3 µs + 1 µs per thread number, encode 4 µs, send 5 µs
    assertThat(sums[0]).isEqualTo(total * 1_000);
    assertThat(sums[1]).isEqualTo(total * 2_000);
    assertThat(sums[2]).isEqualTo(CALLS * (THREADS * 3_000L + 1_000L * THREADS * (THREADS - 1) / 2));
    assertThat(sums[3]).isEqualTo(total * 4_000);
    assertThat(sums[4]).isEqualTo(total * 5_000);
    assertThat(maxima[2]).isEqualTo(3_000 + (THREADS - 1) * 1_000L);
    // The cumulative timer is fed from the drained windows: every call at 20 µs, in the first bucket (<= 100 µs).
    assertThat(cumulative.count()).isEqualTo(total);
    assertThat(cumulative.totalTime(TimeUnit.MICROSECONDS)).isEqualTo(total * 20.0);
    assertThat(cumulative.takeSnapshot().histogramCounts()[0].count()).isEqualTo(total);
    assertThat(cumulative.max(TimeUnit.MICROSECONDS)).isEqualTo(20.0);
  }

  /** A provider call whose stages took 1, 2, {@code executeNanos}, 4 and 5 µs. */
  private static Invocation call(OperationMeta operation, long executeNanos) {
    Invocation invocation = TestInvocations.of(Role.PROVIDER, operation, new Object[0]);
    long at = 1_000_000;
    invocation.mark(Stage.PROVIDER_RECEIVED, at);
    invocation.mark(Stage.PROVIDER_DECODED, at += 1_000);
    invocation.mark(Stage.PROVIDER_EXECUTE, at += 2_000);
    invocation.mark(Stage.PROVIDER_EXECUTED, at += executeNanos);
    invocation.mark(Stage.PROVIDER_ENCODED, at += 4_000);
    invocation.mark(Stage.PROVIDER_SENT, at + 5_000);
    return invocation;
  }
}
