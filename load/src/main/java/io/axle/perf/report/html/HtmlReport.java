package io.axle.perf.report.html;

import io.axle.perf.report.LatencyCurve;
import io.axle.perf.report.RunResult;
import io.axle.perf.report.WindowStats;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The HTML report of one run or of a series: a single page with inline CSS and SVG (no script, nothing
 * fetched), readable offline and attachable to an issue. It shows TPS, P99 and CPU per window over each run
 * (CPU in a panel per side when there are several runs), for a sweep TPS and avg / P99 / P999 against the swept
 * value, for runs measured again in pairs ({@link RunPairs}) TPS and P99 by pair apart from the sweep, latency
 * percentile curves, and a table of the runs' figures. The page is well-formed XHTML, so tools (and the tests) can
 * parse it as XML.
 *
 * <pre>{@code
 * HtmlReport.write(Path.of("run.html"), "perf run", List.of(result), null);                 // one run
 * HtmlReport.write(Path.of("sweep.html"), "sync-count sweep", results,
 *     new SweepAxis("sync-count", List.of("1", "10", "50")));                                 // a series
 * }</pre>
 */
public final class HtmlReport {

  /** Distinct on white and from each other; series take them in order and wrap after the last. */
  static final List<String> PALETTE = List.of("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf",
      "#e377c2", "#8c564b", "#bcbd22", "#393b79");

  /**
   * The marks' colours by name, so that a mark has its colour on every page whichever others it has: a tune
   * walk's {@code kept} green, {@code reverted} red. Another mark takes the next of {@link #OTHER_MARK_COLOURS}
   * by its place among the page's marks; none is the sweep line's blue.
   */
  private static final Map<String, String> MARK_COLOURS = Map.of("kept", PALETTE.get(2), "reverted", PALETTE.get(1));
  private static final List<String> OTHER_MARK_COLOURS = List.of(PALETTE.get(3), PALETTE.get(4), PALETTE.get(5));

  private static final String CSS = """
      body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #222;
             margin: 24px; max-width: 1160px; }
      h1 { font-size: 22px; margin: 0 0 4px; }
      h2 { font-size: 17px; margin: 28px 0 8px; }
      p.meta { color: #555; margin: 0 0 8px; font-size: 13px; }
      .charts { display: flex; flex-wrap: wrap; gap: 12px 24px; }
      figure { margin: 0; }
      figcaption { font-size: 14px; font-weight: 600; margin: 0 0 2px 64px; }
      svg.chart text { font-size: 11px; fill: #333; }
      svg.chart text.title { font-size: 12px; fill: #222; }
      svg.chart line.grid { stroke: #e2e5ea; stroke-width: 1; shape-rendering: crispEdges; }
      table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
      th, td { padding: 4px 10px; border-bottom: 1px solid #dde1e6; text-align: right; }
      th { background: #f1f3f6; }
      td.text, th.text { text-align: left; }
      p.note { color: #555; font-size: 13px; }
      """;

  private HtmlReport() {
  }

  /**
   * Writes the page, replacing {@code file}.
   *
   * @param title the page's heading, e.g. {@code perf: highway sync 100}
   * @param runs oldest first; at least one
   * @param sweep what the series varied, one value per run in the same order; null for a single run or
   *     runs that vary nothing (no sweep charts then)
   * @throws IllegalArgumentException when there is no run or the sweep's values do not match the runs
   */
  public static void write(Path file, String title, List<RunResult> runs, SweepAxis sweep) throws IOException {
    write(file, title, runs, sweep, List.of());
  }

  /** {@link #write(Path, String, List, SweepAxis)} with the series' own tables after the charts (a comparison's ratios). */
  public static void write(Path file, String title, List<RunResult> runs, SweepAxis sweep, List<ExtraTable> tables)
      throws IOException {
    write(file, title, runs, sweep, tables, null);
  }

  /**
   * {@link #write(Path, String, List, SweepAxis, List)} with runs measured again in pairs (a tune walk's
   * confirmation), drawn in a section of their own and listed in the table after the series' runs; null for none.
   */
  public static void write(Path file, String title, List<RunResult> runs, SweepAxis sweep, List<ExtraTable> tables,
      RunPairs pairs) throws IOException {
    Files.writeString(file, render(title, runs, sweep, tables, pairs), StandardCharsets.UTF_8);
  }

  /** The page as text; {@link #write} with the same arguments writes exactly this. */
  public static String render(String title, List<RunResult> runs, SweepAxis sweep) {
    return render(title, runs, sweep, List.of());
  }

  /** The page as text, with the series' own tables. */
  public static String render(String title, List<RunResult> runs, SweepAxis sweep, List<ExtraTable> tables) {
    return render(title, runs, sweep, tables, null);
  }

  /** The page as text, with the series' own tables and the runs measured again in pairs (null for none). */
  public static String render(String title, List<RunResult> runs, SweepAxis sweep, List<ExtraTable> tables,
      RunPairs pairs) {
    if (runs == null || runs.isEmpty()) {
      throw new IllegalArgumentException("runs: " + runs + " (expected: at least one run to report)");
    }
    if (sweep != null && sweep.values().size() != runs.size()) {
      throw new IllegalArgumentException("sweep values of " + sweep.key() + ": " + sweep.values() + " for "
          + runs.size() + " runs (expected: one value per run, in the runs' order)");
    }
    StringBuilder page = new StringBuilder();
    page.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
        .append("<meta charset=\"utf-8\"/>\n<title>").append(Xml.escape(title)).append("</title>\n")
        .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n")
        .append("<h1>").append(Xml.escape(title)).append("</h1>\n")
        .append("<p class=\"meta\">").append(Xml.escape(meta(runs, sweep, pairs))).append("</p>\n");

    List<String> names = names(runs, sweep);
    page.append("<h2>Per second</h2>\n<div class=\"charts\">\n");
    figure(page, "tps-over-time", "TPS per window", new LineChart("tps-over-time-chart",
        XAxis.linear("seconds into the measurement", lastSecond(runs)), "TPS")
        .svg(perWindow(runs, names, WindowStats::tps)));
    figure(page, "p99-over-time", "P99 per window (ms)", new LineChart("p99-over-time-chart",
        XAxis.linear("seconds into the measurement", lastSecond(runs)), "P99 ms")
        .svg(perWindow(runs, names, w -> w.latency().p99())));
    cpu(page, runs, names);
    page.append("</div>\n");

    if (sweep != null) {
      page.append("<h2>Against ").append(Xml.escape(sweep.key())).append("</h2>\n<div class=\"charts\">\n");
      XAxis axis = XAxis.categories(sweep.key(), sweep.values());
      List<LineChart.Series> tps = new ArrayList<>(List.of(bySweep("TPS", PALETTE.get(0), runs, RunResult::tps)));
      tps.addAll(marks(sweep, runs));
      figure(page, "sweep-tps", "TPS by " + sweep.key(), new LineChart("sweep-tps-chart", axis, "TPS").svg(tps));
      figure(page, "sweep-latency", "Latency by " + sweep.key() + " (ms)", new LineChart("sweep-latency-chart", axis,
          "ms").svg(List.of(
              bySweep("avg", PALETTE.get(2), runs, r -> r.latency().avg()),
              bySweep("P99", PALETTE.get(3), runs, r -> r.latency().p99()),
              bySweep("P999", PALETTE.get(1), runs, r -> r.latency().p999()))));
      page.append("</div>\n");
    }
    if (pairs != null) {
      pairs(page, pairs);
    }

    page.append("<h2>Latency by percentile</h2>\n");
    List<LineChart.Series> curves = curves(runs, names);
    if (curves.isEmpty()) {
      page.append("<p class=\"note\">No latency curve was recorded for these runs.</p>\n");
    } else {
      page.append("<div class=\"charts\">\n");
      figure(page, "latency-curves", "Latency by percentile (ms); the last point of each line is its maximum",
          new LineChart("latency-curves-chart", XAxis.nines("percentile", nines(runs)), "ms").svg(curves));
      page.append("</div>\n");
    }

    for (ExtraTable table : tables) {
      table.append(page);
    }
    page.append("<h2>Figures</h2>\n");
    if (pairs == null) {
      RunTable.append(page, runs, sweep);
    } else {
      List<RunResult> all = new ArrayList<>(runs);
      all.addAll(pairs.runs());
      List<String> labels = new ArrayList<>(sweep == null ? names : sweep.values());
      labels.addAll(pairs.labels());
      RunTable.append(page, all, new SweepAxis(sweep == null ? "run" : sweep.key(), labels));
    }
    return page.append("</body>\n</html>\n").toString();
  }

  private static String meta(List<RunResult> runs, SweepAxis sweep, RunPairs pairs) {
    String when = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"));
    String what = runs.size() == 1 ? "1 run" : runs.size() + " runs";
    return what + (sweep == null ? "" : " varying " + sweep.key())
        + (pairs == null ? "" : " and " + pairs.first().size() + " pairs measured again") + ", written by perf.jar at " + when
        + ". Windows are the measured ones (warm-up left out); latency in milliseconds.";
  }

  /** The legend name of each run: the swept value when there is one, else what the run was. */
  private static List<String> names(List<RunResult> runs, SweepAxis sweep) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      RunResult r = runs.get(i);
      names.add(sweep != null ? sweep.key() + "=" + sweep.values().get(i)
          : r.transport() + " " + r.mode() + " " + r.concurrency() + (runs.size() > 1 ? " #" + (i + 1) : ""));
    }
    return names;
  }

  private static void figure(StringBuilder page, String id, String caption, String svg) {
    page.append("<figure id=\"").append(id).append("\">\n<figcaption>").append(Xml.escape(caption))
        .append("</figcaption>\n").append(svg).append("</figure>\n");
  }

  private static double lastSecond(List<RunResult> runs) {
    double last = 0;
    for (RunResult r : runs) {
      for (WindowStats w : r.windows()) {
        last = Math.max(last, w.endSeconds());
      }
    }
    return last;
  }

  private static List<LineChart.Series> perWindow(List<RunResult> runs, List<String> names,
      java.util.function.ToDoubleFunction<WindowStats> value) {
    List<LineChart.Series> series = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      List<double[]> points = new ArrayList<>();
      for (WindowStats w : runs.get(i).windows()) {
        points.add(new double[] {w.endSeconds(), value.applyAsDouble(w)});
      }
      series.add(new LineChart.Series(names.get(i), colour(i), points));
    }
    return series;
  }

  /**
   * CPU per window, when any window has a figure. One run: its consumer's line and, when known (the producer a child
   * of the consumer), its producer's, dashed, in one chart. Several runs: a panel per side on one scale, a line per
   * run in the run's colour, as in the TPS chart; two lines a run in one panel (16 for a tune walk) cannot be told
   * apart.
   */
  private static void cpu(StringBuilder page, List<RunResult> runs, List<String> names) {
    XAxis time = XAxis.linear("seconds into the measurement", lastSecond(runs));
    if (runs.size() == 1) {
      List<LineChart.Series> both = cpuPerWindow(runs.get(0), names.get(0));
      if (!both.isEmpty()) {
        figure(page, "cpu-over-time", "CPU per window, each process (%, 100 = one core)",
            new LineChart("cpu-over-time-chart", time, "CPU %").svg(both));
      }
      return;
    }
    List<LineChart.Series> consumer = perWindowWhereKnown(runs, names, WindowStats::consumerCpuPercent);
    List<LineChart.Series> producer = perWindowWhereKnown(runs, names, WindowStats::producerCpuPercent);
    Scale shared = Scale.upTo(Math.max(LineChart.highest(consumer), LineChart.highest(producer)));
    if (!consumer.isEmpty()) {
      figure(page, "cpu-consumer-over-time", "Consumer CPU per window (%, 100 = one core)",
          new LineChart("cpu-consumer-over-time-chart", time, "CPU %").svg(consumer, shared));
    }
    if (!producer.isEmpty()) {
      figure(page, "cpu-producer-over-time", "Producer CPU per window (%, 100 = one core)",
          new LineChart("cpu-producer-over-time-chart", time, "CPU %").svg(producer, shared));
    }
  }

  /** A line per run of the windows where {@code value} is known; a run without any has none. */
  private static List<LineChart.Series> perWindowWhereKnown(List<RunResult> runs, List<String> names,
      java.util.function.ToDoubleFunction<WindowStats> value) {
    List<LineChart.Series> series = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      List<double[]> points = new ArrayList<>();
      for (WindowStats w : runs.get(i).windows()) {
        if (Double.isFinite(value.applyAsDouble(w))) {
          points.add(new double[] {w.endSeconds(), value.applyAsDouble(w)});
        }
      }
      if (!points.isEmpty()) {
        series.add(new LineChart.Series(names.get(i), colour(i), points));
      }
    }
    return series;
  }

  /** One run's consumer CPU per window and, when known, its producer's, dashed. */
  private static List<LineChart.Series> cpuPerWindow(RunResult run, String name) {
    List<LineChart.Series> series = new ArrayList<>(
        perWindowWhereKnown(List.of(run), List.of(name + " consumer"), WindowStats::consumerCpuPercent));
    for (LineChart.Series producer : perWindowWhereKnown(List.of(run), List.of(name + " producer"),
        WindowStats::producerCpuPercent)) {
      series.add(new LineChart.Series(producer.name(), producer.colour(), producer.points(), LineChart.Stroke.DASHED));
    }
    return series;
  }

  private static LineChart.Series bySweep(String name, String colour, List<RunResult> runs,
      java.util.function.ToDoubleFunction<RunResult> value) {
    List<double[]> points = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      points.add(new double[] {i, value.applyAsDouble(runs.get(i))});
    }
    return new LineChart.Series(name, colour, points);
  }

  /** Each mark of the sweep as dots on the TPS line, at the runs it marks. */
  private static List<LineChart.Series> marks(SweepAxis sweep, List<RunResult> runs) {
    List<String> names = sweep.marks().stream().filter(mark -> !mark.isEmpty()).distinct().sorted().toList();
    List<LineChart.Series> series = new ArrayList<>();
    for (int m = 0; m < names.size(); m++) {
      List<double[]> points = new ArrayList<>();
      for (int i = 0; i < runs.size(); i++) {
        if (sweep.marks().get(i).equals(names.get(m))) {
          points.add(new double[] {i, runs.get(i).tps()});
        }
      }
      String colour = MARK_COLOURS.getOrDefault(names.get(m), OTHER_MARK_COLOURS.get(m % OTHER_MARK_COLOURS.size()));
      series.add(new LineChart.Series(names.get(m), colour, points, LineChart.Stroke.MARKS));
    }
    return series;
  }

  /** Runs measured again in pairs: TPS and P99 against the pair, a line per configuration. */
  private static void pairs(StringBuilder page, RunPairs pairs) {
    List<String> numbers = IntStream.rangeClosed(1, pairs.first().size()).mapToObj(Integer::toString)
        .toList();
    XAxis axis = XAxis.categories("pair", numbers);
    page.append("<h2>").append(Xml.escape(pairs.caption())).append("</h2>\n<div class=\"charts\">\n");
    figure(page, "pairs-tps", "TPS by pair", new LineChart("pairs-tps-chart", axis, "TPS").svg(List.of(
        bySweep(pairs.firstName(), PALETTE.get(0), pairs.first(), RunResult::tps),
        bySweep(pairs.secondName(), PALETTE.get(2), pairs.second(), RunResult::tps))));
    figure(page, "pairs-p99", "P99 by pair (ms)", new LineChart("pairs-p99-chart", axis, "P99 ms").svg(List.of(
        bySweep(pairs.firstName(), PALETTE.get(0), pairs.first(), r -> r.latency().p99()),
        bySweep(pairs.secondName(), PALETTE.get(2), pairs.second(), r -> r.latency().p99()))));
    page.append("</div>\n");
  }

  private static List<LineChart.Series> curves(List<RunResult> runs, List<String> names) {
    List<LineChart.Series> series = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      LatencyCurve curve = runs.get(i).latencyCurve();
      if (curve == null || curve.points().isEmpty()) {
        continue;
      }
      List<double[]> points = new ArrayList<>();
      for (LatencyCurve.Point p : curve.points()) {
        points.add(new double[] {p.percentile(), p.ms()});
      }
      series.add(new LineChart.Series(names.get(i), colour(i), points));
    }
    return series;
  }

  /**
   * Nines enough for the deepest finite percentile any curve reached, rounded up; at least two (0, 90,
   * 99) so a short run's curve still has a tail to show.
   */
  private static int nines(List<RunResult> runs) {
    double deepest = 2;
    for (RunResult r : runs) {
      if (r.latencyCurve() != null) {
        for (LatencyCurve.Point p : r.latencyCurve().points()) {
          double n = XAxis.ninesOf(p.percentile());
          if (Double.isFinite(n)) {
            deepest = Math.max(deepest, n);
          }
        }
      }
    }
    return (int) Math.min(XAxis.MAX_NINES, Math.ceil(deepest - 1e-9));
  }

  private static String colour(int index) {
    return PALETTE.get(index % PALETTE.size());
  }
}
