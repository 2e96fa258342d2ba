package io.axle.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

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
  void metricsHotPath_runsOnEnd() {
    MetricsHotPathBenchmark bench = new MetricsHotPathBenchmark();
    MetricsHotPathBenchmark.Listener listener = new MetricsHotPathBenchmark.Listener();
    listener.setUp();
    MetricsHotPathBenchmark.Call call = new MetricsHotPathBenchmark.Call();
    call.setUp();
    assertThat(bench.onEnd(listener, call)).isSameAs(listener);
    assertThat(bench.onEndTwoThreads(listener, call)).isSameAs(listener);
  }
}
