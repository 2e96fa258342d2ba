package io.axle.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Role;
import io.axle.Status;
import io.axle.metrics.CpuStats;
import io.axle.metrics.OperationStats;
import io.axle.metrics.Window;
import io.axle.metrics.internal.Aggregator;
import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Each benchmark method runs once, called directly, with each of its parameters, so a broken benchmark
 * fails the build rather than the JMH run; no timing is asserted (JMH measures, not the tests).
 */
class BenchmarksSmokeTest {

  @ParameterizedTest
  @ValueSource(ints = {0, 1, 4, 16})
  void filterChain_reachesTheMethod(int filters) {
    FilterChainBenchmark bench = new FilterChainBenchmark();
    bench.filters = filters;
    bench.setUp();
    assertThat(bench.invoke()).isEqualTo(BenchService.ECHO_MESSAGE);
  }

  @ParameterizedTest
  @ValueSource(strings = {"constant", "plain"})
  void methodInvoker_reachesTheMethod(String path) {
    for (int invokers : new int[] {1, 4}) {
      MethodInvokerBenchmark bench = new MethodInvokerBenchmark();
      bench.path = path;
      bench.invokers = invokers;
      bench.setUp();
      for (int i = 0; i <= invokers; i++) {
        assertThat(bench.invoke()).isEqualTo(BenchService.ECHO_MESSAGE);
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"plain", "jackson"})
  void restJson_writesAndReadsTheEchoCallsDocuments(String codec) {
    RestJsonBenchmark bench = new RestJsonBenchmark();
    bench.codec = codec;
    bench.setUp();
    String message = BenchService.ECHO_MESSAGE;
    assertThat(new String(bench.writeBody(), java.nio.charset.StandardCharsets.UTF_8))
        .isEqualTo("{\"message\":\"" + message + "\"}");
    assertThat(bench.readBody()).isEqualTo(message);
    assertThat(new String(bench.writeResult(), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("\"" + message + "\"");
    assertThat(bench.readResult()).isEqualTo(message);
  }

  @ParameterizedTest
  @ValueSource(strings = {"inline", "group", "virtual"})
  void executorHandoff_runsTheTasks(String kind) {
    ExecutorHandoffBenchmark bench = new ExecutorHandoffBenchmark();
    bench.kind = kind;
    bench.setUp();
    try {
      assertThat(bench.single()).isEqualTo(Boolean.TRUE);
      assertThat(bench.batch()).isEqualTo(Boolean.TRUE);
    } finally {
      bench.tearDown();
    }
  }

  @Test
  void metricsHotPath_recordsEachCallInTheWindow() {
    MetricsHotPathBenchmark bench = new MetricsHotPathBenchmark();
    MetricsHotPathBenchmark.Listener listener = new MetricsHotPathBenchmark.Listener();
    listener.setUp();
    MetricsHotPathBenchmark.Call call = new MetricsHotPathBenchmark.Call();
    call.setUp();
    assertThat(bench.onEnd(listener, call)).isSameAs(listener);
    assertThat(bench.onEndTwoThreads(listener, call)).isSameAs(listener);

    // The benchmark measures real recording: both calls are in the window, with their 8 µs execute stage.
    Instant now = Instant.now();
    Window window = new Aggregator(listener.listener).close(now, now, 1_000_000_000L, List.of(),
        new CpuStats(0, 0, 1), List.of(), List.of(), null, null);
    OperationStats echo = window.operation(Role.PROVIDER, "highway",
        BenchService.SCHEMA_ID + ".echo", Status.OK);
    assertThat(echo.count()).isEqualTo(2);
    assertThat(echo.stages()).anySatisfy(stage -> {
      assertThat(stage.name()).isEqualTo("execute");
      assertThat(stage.avgMicros()).isEqualTo(8.0);
    });
  }
}
