package io.axle.perf.report.html;

import io.axle.perf.ExitStatus;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.perf.PerfMain;
import io.axle.perf.report.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The page's structure, read as XML; what a browser makes of it is {@link HtmlReportInChromiumTest}'s. */
class HtmlReportTest {

  @Test
  void aSweep_hasTheTimeSweepAndCurveChartsAndOneTableRowPerRun() throws Exception {
    List<RunResult> runs = List.of(RecordedRuns.run(1, 3, 1), RecordedRuns.run(10, 3, 2), RecordedRuns.run(50, 3, 3));

    ReportPage page = ReportPage.parse(HtmlReport.render("sync-count sweep", runs,
        new SweepAxis("sync-count", List.of("1", "10", "50"))));

    assertThat(page.charts()).containsOnlyKeys("tps-over-time-chart", "p99-over-time-chart", "sweep-tps-chart",
        "sweep-latency-chart", "latency-curves-chart");
    assertThat(page.charts().get("tps-over-time-chart")).hasSize(3).doesNotHaveDuplicates();
    assertThat(page.charts().get("sweep-latency-chart")).hasSize(3); // avg, P99, P999
    assertThat(page.pointCounts("tps-over-time-chart")).containsExactly(3, 3, 3);
    assertThat(page.pointCounts("sweep-tps-chart")).containsExactly(3);
    assertThat(page.texts("text")).contains("sync-count=1", "sync-count=50", "P999", "99.9");
    assertThat(page.tableHeaders()).startsWith("sync-count", "transport", "mode")
        .contains("TPS", "avg ms", "P90 ms", "P99 ms", "P999 ms", "errors");
    assertThat(page.tableRows()).hasSize(3);
    assertThat(page.tableRows().get(2).get(0)).isEqualTo("50");
  }

  @Test
  void aSingleRun_hasNoSweepChartsAndItsNumbersAreForPeople() throws Exception {
    RunResult run = RecordedRuns.run(100, 4, 7);

    ReportPage page = ReportPage.parse(HtmlReport.render("one run", List.of(run), null));

    assertThat(page.charts()).containsOnlyKeys("tps-over-time-chart", "p99-over-time-chart", "latency-curves-chart");
    assertThat(page.tableHeaders()).first().isEqualTo("transport");
    List<String> row = page.tableRows().get(0);
    assertThat(row).contains(Human.count(run.requests()), Human.tps(run.tps()), Human.ms(run.latency().p999()));
    assertThat(Human.count(run.requests())).contains(",");
  }

  @Test
  void cpuOfBothSides_providerFigures_andASeriesTable_areOnThePage() throws Exception {
    RunResult recorded = RecordedRuns.run(100, 3, 7);
    RunResult withCpu = RecordedRuns.withCpu(recorded, 80, 110);
    io.axle.perf.report.ProviderSummary provider = new io.axle.perf.report.ProviderSummary(3, recorded.requests(),
        recorded.tps(), 0.25, 1.0, 100, 5);
    RunResult run = new RunResult(recorded.transport(), recorded.mode(), recorded.concurrency(),
        recorded.requestSize(), 0, recorded.durationSeconds(), recorded.requests(), 0, recorded.tps(),
        recorded.latency(), withCpu.windows(), provider, null, null, recorded.latencyCurve(), withCpu.cpu());
    ExtraTable ratios = new ExtraTable("compare", "highway against baseline", List.of("pair", "TPS ratio"),
        List.of(List.of("pair 1", "0.612"), List.of("median", "0.612")));

    ReportPage page = ReportPage.parse(HtmlReport.render("with cpu", List.of(run), null, List.of(ratios)));

    // One run: the consumer's CPU solid, the producer's dashed, in the run's colour; a point per window.
    assertThat(page.charts().get("cpu-over-time-chart")).hasSize(2).containsOnly(HtmlReport.PALETTE.get(0));
    assertThat(page.dashed("cpu-over-time-chart")).containsExactly(false, true);
    assertThat(page.pointCounts("cpu-over-time-chart")).containsExactly(3, 3);
    assertThat(page.tableHeaders()).contains("consumer CPU µs/req", "producer CPU µs/req", "provider avg ms", "gap ms");
    assertThat(page.tableRows().get(0)).contains("3.3", "2.5", Human.ms(0.25), Human.ms(run.gapAvgMs()));
    assertThat(page.tableHeaders("compare")).containsExactly("pair", "TPS ratio");
    assertThat(page.tableRows("compare")).containsExactly(List.of("pair 1", "0.612"), List.of("median", "0.612"));
    assertThat(page.texts("h2")).contains("highway against baseline");
    // A run without CPU figures draws no CPU chart rather than an empty one.
    assertThat(ReportPage.parse(HtmlReport.render("plain", List.of(recorded), null)).charts())
        .doesNotContainKey("cpu-over-time-chart");
  }

  @Test
  void aTuneWalksPage_drawsTheWalkApartFromTheConfirmationPairs_andCpuInAPanelPerSide() throws Exception {
    List<RunResult> walk = RecordedRuns.walk();
    RunPairs confirmation = RecordedRuns.confirmation();

    ReportPage page = ReportPage.parse(HtmlReport.render("perf tune", walk, RecordedRuns.WALK_STEPS, List.of(),
        confirmation));

    assertThat(page.charts()).containsOnlyKeys("tps-over-time-chart", "p99-over-time-chart",
        "cpu-consumer-over-time-chart", "cpu-producer-over-time-chart", "sweep-tps-chart", "sweep-latency-chart",
        "pairs-tps-chart", "pairs-p99-chart", "latency-curves-chart");
    // The walk: its knees alone on the steps' line, the kept and the reverted step marked on it.
    assertThat(page.series("sweep-tps-chart")).containsExactly("TPS", "kept", "reverted");
    assertThat(page.strokes("sweep-tps-chart")).containsExactly("solid", "marks", "marks");
    assertThat(page.pointCounts("sweep-tps-chart")).containsExactly(4);
    List<String> steps = page.dotXs("sweep-tps-chart", "TPS");
    assertThat(page.dotXs("sweep-tps-chart", "kept")).containsExactly(steps.get(2));
    assertThat(page.dotXs("sweep-tps-chart", "reverted")).containsExactly(steps.get(3));
    // The confirmation: its own charts, a line per configuration against the pair.
    assertThat(page.series("pairs-tps-chart")).containsExactly("as configured", "best");
    assertThat(page.pointCounts("pairs-tps-chart")).containsExactly(2, 2);
    assertThat(page.series("pairs-p99-chart")).containsExactly("as configured", "best");
    assertThat(page.texts("h2")).contains("The gain, measured again");
    // CPU: a panel per side, a line per step in its colour, one scale for both.
    assertThat(page.charts().get("cpu-consumer-over-time-chart")).containsExactlyElementsOf(
        HtmlReport.PALETTE.subList(0, 4));
    assertThat(page.charts().get("cpu-producer-over-time-chart")).containsExactlyElementsOf(
        HtmlReport.PALETTE.subList(0, 4));
    assertThat(page.dashed("cpu-producer-over-time-chart")).containsOnly(false);
    assertThat(page.yTicks("cpu-producer-over-time-chart")).isEqualTo(page.yTicks("cpu-consumer-over-time-chart"));
    assertThat(page.series("tps-over-time-chart")).hasSize(4);
    // The table: the steps, then each pair.
    assertThat(page.tableRows()).extracting(row -> row.get(0)).containsExactly("1 start", "2 start",
        "3 executor=inline kept", "4 server loops=2", "pair 1 as configured", "pair 1 best", "pair 2 as configured",
        "pair 2 best");
  }

  @Test
  void categoryLabelsTooLongForTheirSlots_areThinnedSoNoneOverlap() {
    List<String> long12 = java.util.stream.IntStream.range(0, 12).mapToObj(i -> i + " executor=inline kept").toList();
    XAxis crowded = XAxis.categories("tune step", long12);
    List<String> shown = crowded.ticks().stream().map(XAxis.Tick::label).toList();

    assertThat(crowded.ticks()).hasSize(12); // every value keeps its tick
    assertThat(shown.get(0)).isEqualTo("0 executor=inline kept");
    // 480 px for 12 slots of 40 px; a 22-character label needs about 151 px: every fourth keeps its text.
    assertThat(shown).filteredOn(label -> !label.isEmpty()).containsExactly("0 executor=inline kept",
        "4 executor=inline kept", "8 executor=inline kept");
    // Short labels all show.
    assertThat(XAxis.categories("sync-count", List.of("1", "10", "50")).ticks()).extracting(XAxis.Tick::label)
        .containsExactly("1", "10", "50");
  }

  @Test
  void runsWithoutALatencyCurve_getANoteInsteadOfAnEmptyChart() throws Exception {
    RunResult recorded = RecordedRuns.run(5, 2, 3);
    RunResult withoutCurve = new RunResult(recorded.transport(), recorded.mode(), recorded.concurrency(),
        recorded.requestSize(), recorded.warmupSeconds(), recorded.durationSeconds(), recorded.requests(),
        recorded.errors(), recorded.tps(), recorded.latency(), recorded.windows());

    String html = HtmlReport.render("no curve", List.of(withoutCurve), null);

    assertThat(ReportPage.parse(html).charts()).doesNotContainKey("latency-curves-chart");
    assertThat(html).contains("No latency curve was recorded");
  }

  @Test
  void isSelfContained_andEscapesWhatItIsGiven() throws Exception {
    String html = HtmlReport.render("a <b> & \"c\"", List.of(RecordedRuns.run(1, 2, 1)),
        new SweepAxis("x<&>", List.of("1 & 2")));

    ReportPage page = ReportPage.parse(html); // well-formed despite the markup in the labels
    assertThat(page.texts("h1")).containsExactly("a <b> & \"c\"");
    assertThat(html).doesNotContain("<script").doesNotContain("<link").doesNotContain("@import")
        .doesNotContain("url(");
    // The only addresses are the XML namespaces, which nothing fetches.
    assertThat(html.replace("http://www.w3.org/1999/xhtml", "").replace("http://www.w3.org/2000/svg", ""))
        .doesNotContain("http:").doesNotContain("https:");
  }

  @Test
  void aSweepThatDoesNotMatchTheRuns_isRejectedWithWhatToFix() {
    List<RunResult> runs = List.of(RecordedRuns.run(1, 2, 1), RecordedRuns.run(2, 2, 2));

    assertThatThrownBy(() -> HtmlReport.render("t", runs, new SweepAxis("sync-count", List.of("1"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("sweep values of sync-count: [1] for 2 runs (expected: one value per run, in the runs' order)");
    assertThatThrownBy(() -> HtmlReport.render("t", List.of(), null))
        .hasMessage("runs: [] (expected: at least one run to report)");
    assertThatThrownBy(() -> new SweepAxis(" ", List.of("1")))
        .hasMessage("sweep key:   (expected: the name of the swept key)");
  }

  @Test
  void aReportPathInNoDirectory_isABadConfigurationBeforeAnythingRuns() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--report=/no/such/directory/r.html"},
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(status).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("report: /no/such/directory/r.html (expected: a file "
        + "path in an existing directory) — from command line --report=/no/such/directory/r.html");
  }

  @Test
  void numbersAndTicks_readAsPeopleWriteThem() {
    assertThat(Human.tps(123456.7)).isEqualTo("123,457");
    assertThat(Human.tps(42.25)).isEqualTo("42.3");
    assertThat(Human.ms(0.8234)).isEqualTo("0.823");
    assertThat(Human.ms(2.314)).isEqualTo("2.31");
    assertThat(Human.ms(1204.4)).isEqualTo("1,204");
    assertThat(Human.tick(0, 20000)).isEqualTo("0");
    assertThat(Human.tick(40000, 20000)).isEqualTo("40k");
    assertThat(Human.tick(7.5, 2.5)).isEqualTo("7.5");
    assertThat(Scale.upTo(11)).isEqualTo(new Scale(12.5, 2.5));
    assertThat(XAxis.nines("p", 3).ticks()).extracting(XAxis.Tick::label).containsExactly("0", "90", "99", "99.9");
  }
}
