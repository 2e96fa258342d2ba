package io.axle.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each rule of the diagnosis from hand-made runs on a 2-core host: the first that holds is the one named. */
class DiagnosisTest {
  private static final int CORES = 2;

  /**
   * A run at 10,000 requests a second: CPU per request in µs (NaN unknown), the consumer's average, and the
   * provider's average and queue time (no provider figures when its average is NaN).
   */
  private static RunResult run(double consumerUs, double producerUs, double avgMs, double providerAvgMs,
      double queueUs) {
    ProviderSummary provider = Double.isNaN(providerAvgMs) ? null
        : new ProviderSummary(5, 50_000, 10_000, providerAvgMs, providerAvgMs * 3, queueUs, 5);
    return new RunResult("highway", "sync", 100, 10, 1, 5, 50_000, 0, 10_000,
        new Latency(avgMs, avgMs, avgMs, avgMs * 2, avgMs * 3, avgMs * 4), List.of(), provider, null, null, null,
        new CpuPerRequest(consumerUs, producerUs));
  }

  @Test
  void theHostsCpu_whenBothProcessesTogetherFillTheCores() {
    // 100 µs x 10,000/s = 1 s a second: 100% each, 200% of 2 cores.
    assertThat(Diagnosis.of(run(100, 100, 1, 0.2, 10), CORES))
        .startsWith("likely bottleneck: this host's CPU (consumer 100% + producer 100% of 2 cores");
  }

  @Test
  void theConsumersCpu_whenItAloneFillsTheCores() {
    assertThat(Diagnosis.of(run(190, Double.NaN, 1, 0.2, 10), CORES))
        .startsWith("likely bottleneck: the consumer's CPU (190% of 2 cores)");
  }

  @Test
  void theExecutorQueue_whenCallsWaitLongerThanHalfTheProvidersTime() {
    assertThat(Diagnosis.of(run(50, 50, 1, 0.4, 300), CORES))
        .startsWith("likely bottleneck: the producer's executor queue (calls wait 0.300 ms for a thread of the "
            + "provider's 0.400 ms)").contains("axle.executor.default.group");
  }

  @Test
  void outsideTheProvider_whenTheConsumerSeesMoreThanTwiceTheProvidersTime() {
    assertThat(Diagnosis.of(run(50, 50, 1.5, 0.4, 50), CORES))
        .startsWith("likely bottleneck: outside the provider (the consumer's 1.500 ms against the provider's 0.400 ms")
        .contains("consumer CPU 50%").contains("axle.highway.client.thread-count");
  }

  @Test
  void none_whenNothingIsFull_andUnnamed_withoutFiguresToJudgeBy() {
    assertThat(Diagnosis.of(run(50, 50, 0.5, 0.4, 50), CORES)).startsWith("likely bottleneck: none shown");
    assertThat(Diagnosis.of(run(50, Double.NaN, 0.5, Double.NaN, 0), CORES)).startsWith("likely bottleneck: not named");
  }
}
