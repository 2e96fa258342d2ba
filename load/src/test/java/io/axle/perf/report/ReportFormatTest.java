package io.axle.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The JSON field names are a contract with scripts; the text lines are read by people in columns. */
class ReportFormatTest {
  private static final Latency LATENCY = new Latency(0.9, 0.8, 1.2, 2.5, 6.1, 12.0);
  private static final RunResult RESULT = new RunResult("highway", "sync", 100, 10, 5.0, 30.0, 123456, 0, 4115.2,
      LATENCY, List.of(new WindowStats(1.0, false, 4100, 0, 4100.0, new Latency(0.9, 0.8, 1.2, 2.4, 3.0, 4.0))));

  @Test
  void jsonHasTheDocumentedShape() {
    // Through text, as a script would read it, so numbers compare by value rather than by Java type.
    JsonObject json = new JsonObject(JsonReport.toJson(RESULT).encode());

    JsonObject expected = new JsonObject("""
        {"role":"consumer","transport":"highway","mode":"sync","concurrency":100,
         "duration_s":30.0,"requests":123456,"errors":0,"tps":4115.2,
         "latency_ms":{"avg":0.9,"p50":0.8,"p90":1.2,"p99":2.5,"p999":6.1,"max":12.0},
         "windows":[{"t_s":1.0,"tps":4100.0,"p99_ms":2.4,"errors":0}]}""");
    for (String field : expected.fieldNames()) {
      if (!field.equals("windows")) {
        assertThat(json.getValue(field)).as(field).isEqualTo(expected.getValue(field));
      }
    }
    JsonObject window = json.getJsonArray("windows").getJsonObject(0);
    assertThat(window.getMap()).containsAllEntriesOf(expected.getJsonArray("windows").getJsonObject(0).getMap());
  }

  @Test
  void valuesAreRoundedForReading() {
    RunResult result = new RunResult("highway", "async", 8, 10, 0, 2.0004, 10, 1, 1234.5678,
        new Latency(1.23456, 1, 1, 1, 1, 1), List.of());

    JsonObject json = JsonReport.toJson(result);

    assertThat(json.getDouble("tps")).isEqualTo(1234.6);
    assertThat(json.getDouble("duration_s")).isEqualTo(2.0);
    assertThat(json.getJsonObject("latency_ms").getDouble("avg")).isEqualTo(1.235);
  }

  @Test
  void windowLine_isFixedWidthAndMarksWarmup() {
    WindowStats measured = new WindowStats(3.0, false, 41234, 0, 41234.4, new Latency(2.31, 1, 2, 5.1, 6, 12.4));
    WindowStats warmup = new WindowStats(0.5, true, 10, 2, 20.0, new Latency(1, 1, 1, 1, 1, 1));

    assertThat(TextReport.windowLine(measured))
        .isEqualTo("[    3s] tps=  41234 avg=  2.31ms p99=  5.10ms max=  12.40ms errors=0");
    assertThat(TextReport.windowLine(warmup))
        .isEqualTo("[  0.5s] tps=     20 avg=  1.00ms p99=  1.00ms max=   1.00ms errors=2 (warm-up)");
  }

  @Test
  void summary_namesEveryFigure() {
    assertThat(TextReport.summary(RESULT))
        .contains("transport   : highway", "mode        : sync", "concurrency : 100", "duration    : 30.0 s",
            "requests    : 123456", "errors      : 0", "tps         : 4115.2",
            "latency ms  : avg=0.900 p50=0.800 p90=1.200 p99=2.500 p999=6.100 max=12.000");
  }

  @Test
  void providerFigures_weightedByCount_andTheGap() {
    // Two distinct provider windows; the second fetched twice would be one entry (deduplicated upstream).
    ProviderSummary provider = ProviderSummary.of(List.of(
        new ProviderWindow(1000, 1000.0, 100, 100.0, 0.2, 1.0, 50, 100, 10, 100),
        new ProviderWindow(2000, 1000.0, 300, 300.0, 0.4, 2.0, 150, 300, 20, 300)));
    RunResult result = new RunResult("highway", "sync", 100, 10, 5.0, 30.0, 123456, 0, 4115.2, LATENCY,
        List.of(), provider);

    assertThat(provider.windows()).isEqualTo(2);
    assertThat(provider.tps()).isEqualTo(200.0);
    assertThat(provider.avgMs()).isCloseTo(0.35, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(provider.queueUs()).isEqualTo(125.0);
    String summary = TextReport.summary(result);
    assertThat(summary).contains("  provider    : avg=0.350 p99=1.750 queue=0.125 execute=0.018")
        .contains("  gap avg     : 0.550 ms (consumer avg - provider avg: network, event loops, queues)");

    JsonObject json = new JsonObject(JsonReport.toJson(result).encode());
    assertThat(json.getJsonObject("provider")).isEqualTo(new JsonObject("""
        {"windows":2,"requests":400,"tps":200.0,"latency_ms":{"avg":0.35,"p99":1.75},
         "stages_us":{"queue":125.0,"execute":17.5}}"""));
    assertThat(json.getDouble("gap_avg_ms")).isEqualTo(0.55);
    // Without the provider's figures, neither field.
    assertThat(JsonReport.toJson(RESULT).fieldNames()).doesNotContain("provider", "gap_avg_ms");
    assertThat(TextReport.summary(RESULT)).doesNotContain("provider");
  }

  @Test
  void providerLine_sitsUnderTheWindowLine() {
    ProviderWindow provider = new ProviderWindow(1000, 1000.0, 41200, 41200.0, 0.31, 1.9, 200, 41200, 10, 41200);

    assertThat(TextReport.providerLine(provider, 1.64)).isEqualTo(
        "         provider: tps=  41200 avg=  0.31ms p99=  1.90ms queue=  0.20ms execute=  0.01ms  gap avg=  1.33ms");
  }

  @Test
  void consumersOwnFigures_underTheWindow_inTheSummary_andInJson() {
    java.util.Map<String, Double> stages = new java.util.LinkedHashMap<>();
    stages.put("prepare", 1.0);
    stages.put("encode", 2.14);
    stages.put("connection", 40.0);
    stages.put("send", 3.2);
    stages.put("wait", 700.46);
    stages.put("decode", 0.9);
    ConsumerWindow first = new ConsumerWindow(99.4, 31, 100, 1000, 760.0, stages,
        java.util.Map.of("highway 127.0.0.1:7070", 4L));
    java.util.Map<String, Double> doubled = new java.util.LinkedHashMap<>();
    stages.forEach((name, us) -> doubled.put(name, 2 * us));
    ConsumerWindow second = new ConsumerWindow(Double.NaN, 33, 100, 3000, 1520.0, doubled,
        java.util.Map.of("highway 127.0.0.1:7070", 4L));

    assertThat(TextReport.consumerLine(first)).isEqualTo("         consumer: os_cpu= 99% threads=  31 in_flight=100 |"
        + " µs: prepare 1.0 encode 2.1 connection 40.0 send 3.2 wait 700.5 decode 0.9"
        + " | connections highway 127.0.0.1:7070=4");
    assertThat(TextReport.consumerLine(new ConsumerWindow(Double.NaN, 12, 8, 0, Double.NaN, java.util.Map.of(),
        java.util.Map.of()))).isEqualTo("         consumer: os_cpu=   - threads=  12 in_flight=8 | stages: none (no "
        + "consumer row in Axle's latest window: consumer.metrics off, or a raw client)");

    // The run's figures: stages weighted by each window's count (1 and 3), CPU over the windows that had it.
    ConsumerWindow mean = ConsumerWindow.mean(List.of(first, second));
    assertThat(mean.stageUs("wait")).isCloseTo((700.46 + 3 * 1400.92) / 4, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(mean.axleAvgUs()).isEqualTo((760.0 + 3 * 1520.0) / 4);
    assertThat(mean.osCpuPercent()).isEqualTo(99.4);
    assertThat(mean.threads()).isEqualTo(32);

    // The gap in its parts: the driver's 1.5 ms against Axle's 1.33 ms; Axle's own 0.2 ms besides the wait; the
    // wait's 1.13 ms less the provider's 0.35 ms.
    ProviderSummary provider = ProviderSummary.of(List.of(
        new ProviderWindow(1000, 1000.0, 400, 400.0, 0.35, 1.0, 50, 400, 10, 400)));
    RunResult result = new RunResult("highway", "sync", 100, 10, 5.0, 30.0, 123456, 0, 4115.2,
        new Latency(1.5, 1, 1, 2, 3, 4), List.of(), provider, null, null, null, null, mean);
    ConsumerWindow.GapParts parts = result.gapParts();
    assertThat(parts.callerMs()).isCloseTo(1.5 - 1.33, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(parts.consumerMs() + parts.outsideMs() + parts.callerMs())
        .isCloseTo(result.gapAvgMs(), org.assertj.core.data.Offset.offset(1e-9));
    assertThat(TextReport.summary(result))
        .contains("  consumer    : os cpu 99%, threads 32, in flight 100; stages µs: prepare=1.8 encode=3.7 "
            + "connection=70.0 send=5.6 wait=1225.8 decode=1.6 of avg=1330.0 (Axle's consumer row, mean over 0 windows "
            + "weighted by count); connections: highway 127.0.0.1:7070=4")
        .contains("  gap parts   : caller 0.170 + consumer 0.104 + outside both 0.876 ms");

    JsonObject json = new JsonObject(JsonReport.toJson(result).encode());
    assertThat(json.getJsonObject("consumer").getJsonObject("stages_us").fieldNames())
        .containsExactly("prepare", "encode", "connection", "send", "wait", "decode");
    assertThat(json.getJsonObject("consumer").getJsonObject("connections").getLong("highway 127.0.0.1:7070"))
        .isEqualTo(4L);
    assertThat(json.getJsonObject("gap_parts_ms").getDouble("caller")).isEqualTo(0.17);
  }
}
