package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.report.CpuPerRequest;
import io.axle.perf.report.Latency;
import io.axle.perf.report.RunResult;
import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The comparison's ratios and lines from hand-made runs: TPS, P99 and both processes' CPU per request. */
class CompareRatiosTest {
  private static final SeriesPlan.Compare PLAN = new SeriesPlan.Compare("baseline", 2);

  private static RunResult run(String transport, double tps, double p99, double consumerUs, double producerUs) {
    return new RunResult(transport, "async", 100, 10, 1.0, 10.0, (long) (tps * 10), 0, tps,
        new Latency(p99 / 2, p99 / 2, p99, p99, p99, p99), List.of(), null, null, null, null,
        new CpuPerRequest(consumerUs, producerUs));
  }

  @Test
  void withBothProcessesCpu_eachPairShowsItAndTheMedianRatio() {
    CompareRatios ratios = CompareRatios.of(PLAN, List.of(
        run("highway", 80_000, 0.3, 3.1, 2.4), run("baseline", 100_000, 0.2, 2.0, 1.5),
        run("highway", 70_000, 0.4, 3.3, 2.5), run("baseline", 100_000, 0.2, 2.0, 2.0)));

    String[] lines = ratios.describe().split(System.lineSeparator());

    assertThat(lines).containsExactly(
        "compare pair 1: highway/baseline tps 0.800 (80000.0 / 100000.0), p99 1.500 (0.300 / 0.200 ms)",
        "  cpu/request 1.571 (5.5 / 3.5 µs; consumer 3.1 / 2.0 µs, producer 2.4 / 1.5 µs)",
        "compare pair 2: highway/baseline tps 0.700 (70000.0 / 100000.0), p99 2.000 (0.400 / 0.200 ms)",
        "  cpu/request 1.450 (5.8 / 4.0 µs; consumer 3.3 / 2.0 µs, producer 2.5 / 2.0 µs)",
        "compare median of 2 pairs: highway/baseline tps ratio 0.750 (pairs 0.700–0.800), p99 ratio 1.750 (pairs "
            + "1.500–2.000), cpu/request ratio 1.511 (pairs 1.450–1.571)");

    JsonObject json = new JsonObject(ratios.toJson().encode());
    assertThat(json.getDouble("cpu_ratio")).isEqualTo(1.5107);
    // Every median with the spread of the pairs it comes from.
    assertThat(json.getJsonArray("tps_ratio_range")).isEqualTo(new io.vertx.core.json.JsonArray("[0.7,0.8]"));
    assertThat(json.getJsonArray("p99_ratio_range")).isEqualTo(new io.vertx.core.json.JsonArray("[1.5,2.0]"));
    JsonObject pair = json.getJsonArray("pairs").getJsonObject(0);
    assertThat(pair.getDouble("cpu_ratio")).isEqualTo(1.5714);
    assertThat(pair.getJsonObject("cpu")).isEqualTo(new JsonObject("""
        {"axle":{"consumer_us_per_request":3.1,"producer_us_per_request":2.4},
         "baseline":{"consumer_us_per_request":2.0,"producer_us_per_request":1.5}}"""));
  }

  @Test
  void withoutTheProducersCpu_theConsumersOnly_andNoCpuRatio() {
    CompareRatios ratios = CompareRatios.of(new SeriesPlan.Compare("baseline", 1), List.of(
        run("highway", 80_000, 0.3, 3.1, Double.NaN), run("baseline", 100_000, 0.2, 2.0, Double.NaN)));

    assertThat(ratios.describe().split(System.lineSeparator())).containsExactly(
        "compare pair 1: highway/baseline tps 0.800 (80000.0 / 100000.0), p99 1.500 (0.300 / 0.200 ms)",
        "  cpu/request consumer 3.1 / 2.0 µs, producer: n/a (not a child of this process)",
        "compare median of 1 pairs: highway/baseline tps ratio 0.800, p99 ratio 1.500, cpu/request ratio n/a"
            + " (needs both processes' CPU: --loopback)");

    JsonObject json = new JsonObject(ratios.toJson().encode());
    assertThat(json.containsKey("cpu_ratio")).isTrue();
    assertThat(json.getValue("cpu_ratio")).isNull();
    JsonObject pair = json.getJsonArray("pairs").getJsonObject(0);
    assertThat(pair.getValue("cpu_ratio")).isNull();
    assertThat(pair.getJsonObject("cpu").getJsonObject("axle").getDouble("consumer_us_per_request")).isEqualTo(3.1);
    assertThat(pair.getJsonObject("cpu").getJsonObject("axle").getValue("producer_us_per_request")).isNull();
  }

  @Test
  void whenAxleCarriesMoreThanTheBaseline_theOutputSaysItIsNoFloor_andGivesTheServersAlone() {
    // What issue 20 saw with 100 sync callers: the raw side the slower, its client the costlier.
    CompareRatios ratios = CompareRatios.of(new SeriesPlan.Compare("baseline", 1), List.of(
        run("highway", 30_000, 3.0, 1.4, 2.0), run("baseline", 17_500, 5.0, 5.0, 1.6)));

    String text = ratios.describe();
    assertThat(text).contains("the baseline is no floor in this run: Axle carried more calls than it (tps ratio 1.714)")
        .contains("the servers alone: producer cpu/request ratio 1.250").contains("run the comparison with --sync=false");
    JsonObject json = new JsonObject(ratios.toJson().encode());
    assertThat(json.getBoolean("baseline_is_floor")).isFalse();
    assertThat(json.getDouble("producer_cpu_ratio")).isEqualTo(1.25);

    CompareRatios floor = CompareRatios.of(new SeriesPlan.Compare("baseline", 1), List.of(
        run("highway", 80_000, 0.3, 3.1, 2.4), run("baseline", 100_000, 0.2, 2.0, 1.5)));
    assertThat(floor.describe()).doesNotContain("no floor");
    assertThat(floor.toJson().getBoolean("baseline_is_floor")).isTrue();
  }
}
