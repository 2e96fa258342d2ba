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
        .startsWith("likely bottleneck: this host's CPU, the consumer's the most (consumer 100% + producer 100% of 2 cores");
    // The side using more is named, and its knobs come first.
    assertThat(Diagnosis.of(run(60, 130, 1, 0.2, 10), CORES))
        .startsWith("likely bottleneck: this host's CPU, the producer's the most (consumer 60% + producer 130%")
        .contains("knobs: cheaper handlers (axle.executors.default: inline)");
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

  /** {@code run(50, 50, avgMs, 0.4, 50)} with the consumer's own Axle row: its average and its stages, µs. */
  private static RunResult withConsumer(double avgMs, double axleAvgUs, double connectionUs, double waitUs) {
    RunResult plain = run(50, 50, avgMs, 0.4, 50);
    java.util.Map<String, Double> stages = new java.util.LinkedHashMap<>();
    stages.put("prepare", 1.0);
    stages.put("encode", 2.0);
    stages.put("connection", connectionUs);
    stages.put("send", 3.0);
    stages.put("wait", waitUs);
    stages.put("decode", 1.0);
    ConsumerWindow consumer = new ConsumerWindow(150, 30, 100, 50_000, axleAvgUs, stages, java.util.Map.of());
    return new RunResult(plain.transport(), plain.mode(), plain.concurrency(), plain.requestSize(),
        plain.warmupSeconds(), plain.durationSeconds(), plain.requests(), plain.errors(), plain.tps(),
        plain.latency(), plain.windows(), plain.provider(), null, null, null, plain.cpu(), consumer);
  }

  @Test
  void theConsumersConnections_whenCallsSpendOverHalfTheirTimeWaitingForOne_evenWithTheHostSaturated() {
    // 4.25 ms in the connection stage of a 4.4 ms consumer call: REST's pool, 100 callers on 10 connections.
    RunResult rest = withConsumer(4.4, 4400, 4250, 120);
    RunResult saturated = new RunResult(rest.transport(), rest.mode(), rest.concurrency(), rest.requestSize(),
        rest.warmupSeconds(), rest.durationSeconds(), rest.requests(), rest.errors(), rest.tps(), rest.latency(),
        rest.windows(), rest.provider(), null, null, null, new CpuPerRequest(100, 90), rest.consumer());
    assertThat(Diagnosis.of(saturated, CORES))
        .startsWith("likely bottleneck: the consumer's connections (calls wait 4.250 ms in the connection stage of "
            + "the consumer's 4.400 ms), consumer CPU 100% + producer 90%").contains("axle.rest.client.protocol: h2c");
    // A quarter of the call is not enough: the rules after it decide.
    assertThat(Diagnosis.of(withConsumer(1.3, 1200, 300, 890), CORES)).doesNotContain("the consumer's connections");
  }

  @Test
  void theCallersHandOffs_whenMostOfTheGapComesAfterAxleHandedTheAnswerOver() {
    // Driver 1.5 ms, Axle's consumer 0.6 ms: 0.9 of the 1.1 ms gap is the blocked callers' wake-up.
    assertThat(Diagnosis.of(withConsumer(1.5, 600, 10, 580), CORES))
        .startsWith("likely bottleneck: the callers' own hand-offs (0.900 ms of the 1.100 ms gap")
        .contains("sync.threads=virtual");
    // The same gap, but spent inside Axle's consumer call: the older rule, outside the provider.
    assertThat(Diagnosis.of(withConsumer(1.5, 1450, 10, 1420), CORES))
        .startsWith("likely bottleneck: outside the provider");
  }

  @Test
  void none_whenNothingIsFull_andUnnamed_withoutFiguresToJudgeBy() {
    assertThat(Diagnosis.of(run(50, 50, 0.5, 0.4, 50), CORES)).startsWith("likely bottleneck: none shown");
    assertThat(Diagnosis.of(run(50, Double.NaN, 0.5, Double.NaN, 0), CORES)).startsWith("likely bottleneck: not named");
  }
}
