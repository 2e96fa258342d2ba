package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.AxleConfig;
import io.axle.perf.report.CpuPerRequest;
import io.axle.perf.report.Latency;
import io.axle.perf.report.OpenLoopResult;
import io.axle.perf.report.RunResult;
import io.axle.perf.report.html.HtmlReport;
import io.vertx.core.json.JsonObject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The walk around the search, against a simulated producer whose capacity only the executor changes ({@code inline}
 * carries 1.5x what the others do): the capacity run that places the first knee search, and the closed-loop pairs
 * that measure the gain again at the end. {@link TuneRunTest} makes a real walk; {@link TuneSearchTest} tests the
 * search alone.
 */
class TuneWalkTest {
  private final List<String> labels = new ArrayList<>();

  private RunResult run(String label, Map<String, String> keys, Map<String, Object> json) {
    labels.add(label);
    double capacity = "inline".equals(keys.get("axle.executors.default")) ? 150_000 : 100_000;
    String rps = keys.get(SeriesRunner.RPS);
    if (rps == null) { // closed loop: the capacity, at a P99 that grows with it
      return new RunResult("highway", "sync", 100, 10, 2, 3, (long) (3 * capacity), 0, capacity,
          new Latency(1, 1, 1, 100_000 / capacity, 2, 3), List.of(), null, null, null, null, new CpuPerRequest(2, 2));
    }
    int rate = Integer.parseInt(rps);
    boolean meets = rate <= capacity;
    double tps = Math.min(rate, capacity);
    return new RunResult("highway", "open loop", 100, 10, 2, 3, (long) (3 * tps), 0, tps,
        new Latency(1, 1, 1, 2, meets ? 5 : 50, 60), List.of(), null, new OpenLoopResult(rate, 10_000, 0, 0), null,
        null, new CpuPerRequest(2, 2));
  }

  @Test
  void aCapacityRunPlacesTheFirstKneeSearch_andTheGainIsMeasuredAgainInPairs() {
    String[] args = {"--loopback", "--tune", "--tune.budget=5m"};
    SeriesPlan.Tune plan = new SeriesPlan.Tune(Duration.ofMillis(10), Duration.ofMinutes(5), 1000, 12);
    TuneWalk walk = new TuneWalk(plan, AxleConfig.load(args), args, this::run);

    TuneSearch.Walk result = walk.run();

    // One closed-loop run first, as configured; then no warm-up knee search: the first is a start, from 50,000.
    assertThat(labels.get(0)).isEqualTo("tune: capacity as configured (closed loop)");
    assertThat(labels.get(1)).isEqualTo("tune 1 (as configured) 50000/s");
    assertThat(result.steps().get(0).knob()).isEqualTo("start");
    assertThat(result.best()).containsEntry("axle.executors.default", "inline");
    // The four closed-loop runs at the end, the start and the best alternated.
    assertThat(labels.subList(labels.size() - 4, labels.size())).containsExactly(
        "tune: confirm 1, as configured (closed loop)", "tune: confirm 1, best (closed loop)",
        "tune: confirm 2, as configured (closed loop)", "tune: confirm 2, best (closed loop)");
    assertThat(walk.confirmation().tpsRatio()).isEqualTo(1.5);

    String text = walk.describe(result);
    assertThat(text).contains("capacity as configured: 100000 requests/s in a closed loop; the first knee search "
        + "started at half of it")
        .contains("gain over the starting configuration, measured again: TPS 1.50x (pairs 1.50, 1.50), P99 0.67x, in "
            + "the walk's closed loop, 2 pairs of the two configurations alternated");
    JsonObject json = walk.toJson(result);
    assertThat(json.getLong("capacity_tps")).isEqualTo(100_000L);
    assertThat(json.getJsonObject("confirm").getDouble("tps_ratio")).isEqualTo(1.5);
    assertThat(json.getJsonObject("confirm").getJsonArray("tps_ratios")).hasSize(2);

    // The page: each step at its knee, the kept one marked; the confirmation's closed-loop pairs apart from them.
    TuneWalk.Report page = walk.report(result);
    assertThat(page.steps().values()).first().isEqualTo("1 start");
    assertThat(page.steps().values()).noneMatch(label -> label.contains("confirm"))
        .anyMatch(label -> label.endsWith(" executor=inline kept"));
    List<String> labels = page.steps().values();
    for (int i = 0; i < labels.size(); i++) {
      assertThat(page.steps().marks().get(i)).as("the mark of step %s", labels.get(i)).isEqualTo(
          labels.get(i).endsWith(" kept") ? "kept" : labels.get(i).matches("\\d+ (start|warm-up)") ? "" : "reverted");
    }
    assertThat(page.runs()).hasSameSizeAs(page.steps().values()).allMatch(run -> run.openLoop() != null);
    assertThat(page.confirmation().first()).hasSize(2).allMatch(run -> run.openLoop() == null);
    assertThat(page.confirmation().second()).hasSize(2).allMatch(run -> run.tps() == 150_000);
    String html = HtmlReport.render("perf tune", page.runs(), page.steps(), List.of(walk.table(result)),
        page.confirmation());
    Matcher walkLine = Pattern.compile("id=\"sweep-tps-chart\".*?<polyline points=\"([^\"]+)\"", Pattern.DOTALL)
        .matcher(html);
    assertThat(walkLine.find()).as("the walk's line in %s", html).isTrue();
    assertThat(walkLine.group(1).split(" ")).as("one point per step, none for the pairs")
        .hasSameSizeAs(page.steps().values());
    assertThat(html).contains("id=\"pairs-tps-chart\"").contains("data-name=\"kept\"");
    assertThat(walk.table(result).rows()).hasSize(result.steps().size());
  }

  @Test
  void aStartRateOnTheCommandLine_skipsTheCapacityRun_andNothingKeptMeansNothingToConfirm() {
    String[] args = {"--loopback", "--tune", "--knee.start-rps=20000", "--axle.executors.default=inline"};
    SeriesPlan.Tune plan = new SeriesPlan.Tune(Duration.ofMillis(10), Duration.ofMinutes(5), 20_000, 12);
    TuneWalk walk = new TuneWalk(plan, AxleConfig.load(args), args, this::run);

    TuneSearch.Walk result = walk.run();

    assertThat(labels.get(0)).isEqualTo("tune 1 (as configured) 20000/s");
    assertThat(result.steps().get(0).knob()).isEqualTo("warm-up");
    assertThat(result.best()).isEmpty(); // inline is the best there is
    assertThat(walk.confirmation()).isNull();
    assertThat(labels).noneMatch(label -> label.startsWith("tune: "));
    assertThat(walk.describe(result)).contains("gain over the starting configuration: none to measure (no change was "
        + "kept)").doesNotContain("capacity as configured");
  }
}
