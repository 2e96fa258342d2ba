package io.axle.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What open-loop and long-tail runs add to the JSON and the text, and only when used. */
class OpenLoopAndLongTailReportTest {
  private static final Latency NORMAL = new Latency(0.9, 0.8, 1.2, 2.5, 6.1, 12.0);
  private static final Latency SLOW = new Latency(5.4, 5.2, 5.9, 7.5, 9.1, 10.0);
  private static final LatencyCurve CURVE = new LatencyCurve(List.of(new LatencyCurve.Point(0, 0.1),
      new LatencyCurve.Point(50, 0.8), new LatencyCurve.Point(100, 12.0)));

  private static RunResult result(OpenLoopResult openLoop, LongTailResult longTail, LatencyCurve curve) {
    List<WindowStats> windows = List.of(new WindowStats(1.0, false, 1000, 0, 1000.0, NORMAL,
        openLoop == null ? WindowStats.NOT_COUNTED : 3));
    return new RunResult("highway", openLoop == null ? "sync" : "open", 7, 10, 0, 1.0, 1000, 0, 1000.0, NORMAL,
        windows, null, openLoop, longTail, curve);
  }

  @Test
  void openLoopAndLongTail_addTheirFields() {
    RunResult result = result(new OpenLoopResult(1000, 500, 3, 2), new LongTailResult(0.01, 5, 10, SLOW), CURVE);

    JsonObject json = new JsonObject(JsonReport.toJson(result).encode());

    assertThat(json.getInteger("rps")).isEqualTo(1000);
    assertThat(json.getLong("late")).isEqualTo(5);
    assertThat(json.getLong("not_sent")).isEqualTo(2);
    assertThat(json.getInteger("max_in_flight")).isEqualTo(500);
    assertThat(json.getJsonArray("windows").getJsonObject(0).getLong("late")).isEqualTo(3);
    assertThat(json.getJsonObject("long_tail")).isEqualTo(new JsonObject("""
        {"ratio":0.01,"delay_ms":5,"requests":10,
         "latency_ms":{"avg":5.4,"p50":5.2,"p90":5.9,"p99":7.5,"p999":9.1,"max":10.0}}"""));
    // The top-level latency stays the normal calls'.
    assertThat(json.getJsonObject("latency_ms").getDouble("p99")).isEqualTo(2.5);
    assertThat(json.getJsonArray("latency_curve")).isEqualTo(new JsonArray("[[0.0,0.1],[50.0,0.8],[100.0,12.0]]"));

    String summary = TextReport.summary(result);
    assertThat(summary).contains("  rps         : 1000 (open loop, latency from each request's intended send time;"
            + " at most 500 in flight)")
        .contains("  late        : could not be sent on time: 5 (3 sent over 1 ms late, 2 not sent:"
            + " rps.max-in-flight reached)")
        .contains("  long tail   : 1% of calls sleepEcho 5 ms: 10 calls; latency ms above is the other calls'")
        .contains("  slow ms     : avg=5.400 p50=5.200 p90=5.900 p99=7.500 p999=9.100 max=10.000");
    assertThat(TextReport.windowLine(result.windows().getFirst()))
        .isEqualTo("[    1s] tps=   1000 avg=  0.90ms p99=  2.50ms max=  12.00ms errors=0 late=3");
  }

  @Test
  void aClosedLoopWithoutLongTail_hasNoneOfThem() {
    RunResult result = result(null, null, null);

    JsonObject json = JsonReport.toJson(result);

    assertThat(json.fieldNames()).doesNotContain("rps", "late", "not_sent", "max_in_flight", "long_tail",
        "latency_curve");
    assertThat(json.getJsonArray("windows").getJsonObject(0).fieldNames()).doesNotContain("late");
    assertThat(TextReport.summary(result)).doesNotContain("  rps ").doesNotContain("  late ")
        .doesNotContain("long tail");
    assertThat(TextReport.windowLine(result.windows().getFirst())).doesNotContain("late=");
  }

  @Test
  void percentagesOfOddRatios_readAsWritten() {
    RunResult result = result(null, new LongTailResult(0.07, 5, 1, SLOW), null);

    assertThat(TextReport.summary(result)).contains("  long tail   : 7% of calls").doesNotContain("7.0000");
  }
}
