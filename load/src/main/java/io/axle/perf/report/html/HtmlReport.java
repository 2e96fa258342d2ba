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

/**
 * The HTML report of one run or of a series: a single page with inline CSS and SVG (no script, nothing
 * fetched), readable offline and attachable to an issue. It shows TPS and P99 per window over each run,
 * for a sweep TPS and avg / P99 / P999 against the swept value, latency percentile curves, and a table of
 * the runs' figures. The page is well-formed XHTML, so tools (and the tests) can parse it as XML.
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
    Files.writeString(file, render(title, runs, sweep, tables), StandardCharsets.UTF_8);
  }

  /** The page as text; {@link #write} with the same arguments writes exactly this. */
  public static String render(String title, List<RunResult> runs, SweepAxis sweep) {
    return render(title, runs, sweep, List.of());
  }

  /** The page as text, with the series' own tables. */
  public static String render(String title, List<RunResult> runs, SweepAxis sweep, List<ExtraTable> tables) {
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
        .append("<p class=\"meta\">").append(Xml.escape(meta(runs, sweep))).append("</p>\n");

    List<String> names = names(runs, sweep);
    page.append("<h2>Per second</h2>\n<div class=\"charts\">\n");
    figure(page, "tps-over-time", "TPS per window", new LineChart("tps-over-time-chart",
        XAxis.linear("seconds into the measurement", lastSecond(runs)), "TPS")
        .svg(perWindow(runs, names, WindowStats::tps)));
    figure(page, "p99-over-time", "P99 per window (ms)", new LineChart("p99-over-time-chart",
        XAxis.linear("seconds into the measurement", lastSecond(runs)), "P99 ms")
        .svg(perWindow(runs, names, w -> w.latency().p99())));
    List<LineChart.Series> cpu = cpuPerWindow(runs, names);
    if (!cpu.isEmpty()) {
      figure(page, "cpu-over-time", "CPU per window, each process (%, 100 = one core)", new LineChart(
          "cpu-over-time-chart", XAxis.linear("seconds into the measurement", lastSecond(runs)), "CPU %").svg(cpu));
    }
    page.append("</div>\n");

    if (sweep != null) {
      page.append("<h2>Against ").append(Xml.escape(sweep.key())).append("</h2>\n<div class=\"charts\">\n");
      XAxis axis = XAxis.categories(sweep.key(), sweep.values());
      figure(page, "sweep-tps", "TPS by " + sweep.key(), new LineChart("sweep-tps-chart", axis, "TPS")
          .svg(List.of(bySweep("TPS", PALETTE.get(0), runs, RunResult::tps))));
      figure(page, "sweep-latency", "Latency by " + sweep.key() + " (ms)", new LineChart("sweep-latency-chart", axis,
          "ms").svg(List.of(
              bySweep("avg", PALETTE.get(2), runs, r -> r.latency().avg()),
              bySweep("P99", PALETTE.get(3), runs, r -> r.latency().p99()),
              bySweep("P999", PALETTE.get(1), runs, r -> r.latency().p999()))));
      page.append("</div>\n");
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
    RunTable.append(page, runs, sweep);
    return page.append("</body>\n</html>\n").toString();
  }

  private static String meta(List<RunResult> runs, SweepAxis sweep) {
    String when = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"));
    String what = runs.size() == 1 ? "1 run" : runs.size() + " runs";
    return what + (sweep == null ? "" : " varying " + sweep.key()) + ", written by perf.jar at " + when
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
   * Each run's CPU per window, the consumer's line and, when known (the producer a child of the consumer), the
   * producer's, dashed; empty when no window has a CPU figure.
   */
  private static List<LineChart.Series> cpuPerWindow(List<RunResult> runs, List<String> names) {
    List<LineChart.Series> series = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      List<double[]> consumer = new ArrayList<>();
      List<double[]> producer = new ArrayList<>();
      for (WindowStats w : runs.get(i).windows()) {
        if (Double.isFinite(w.consumerCpuPercent())) {
          consumer.add(new double[] {w.endSeconds(), w.consumerCpuPercent()});
        }
        if (Double.isFinite(w.producerCpuPercent())) {
          producer.add(new double[] {w.endSeconds(), w.producerCpuPercent()});
        }
      }
      if (!consumer.isEmpty()) {
        series.add(new LineChart.Series(names.get(i) + " consumer", colour(i), consumer));
      }
      if (!producer.isEmpty()) {
        series.add(new LineChart.Series(names.get(i) + " producer", colour(i), producer, true));
      }
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
