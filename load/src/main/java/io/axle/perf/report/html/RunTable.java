package io.axle.perf.report.html;

import io.axle.perf.report.RunResult;
import java.util.List;

/** The table of the runs' figures, one row per run, the swept value first when there is one. */
final class RunTable {

  private static final String[] LATENCY_HEADERS = {"avg ms", "P50 ms", "P90 ms", "P99 ms", "P999 ms", "max ms"};

  private RunTable() {
  }

  static void append(StringBuilder page, List<RunResult> runs, SweepAxis sweep) {
    page.append("<table id=\"runs\">\n<thead><tr>");
    if (sweep != null) {
      header(page, sweep.key(), "text");
    }
    for (String h : new String[] {"transport", "mode"}) {
      header(page, h, "text");
    }
    for (String h : new String[] {"concurrency", "duration", "requests", "errors", "TPS"}) {
      header(page, h, null);
    }
    for (String h : LATENCY_HEADERS) {
      header(page, h, null);
    }
    for (String h : SIDE_HEADERS) {
      header(page, h, null);
    }
    page.append("</tr></thead>\n<tbody>\n");
    for (int i = 0; i < runs.size(); i++) {
      RunResult r = runs.get(i);
      page.append("<tr>");
      if (sweep != null) {
        cell(page, sweep.values().get(i), "text");
      }
      cell(page, r.transport(), "text");
      cell(page, r.mode(), "text");
      cell(page, Integer.toString(r.concurrency()), null);
      cell(page, Human.seconds(r.durationSeconds()), null);
      cell(page, Human.count(r.requests()), null);
      cell(page, Human.count(r.errors()), null);
      cell(page, Human.tps(r.tps()), null);
      for (double ms : new double[] {r.latency().avg(), r.latency().p50(), r.latency().p90(),
          r.latency().p99(), r.latency().p999(), r.latency().max()}) {
        cell(page, Human.ms(ms), null);
      }
      sides(page, r);
      page.append("</tr>\n");
    }
    page.append("</tbody>\n</table>\n");
  }

  /**
   * Each side's figures beside the consumer's: CPU per request of each process, the provider's own average and
   * the gap between the two, the consumer's Axle {@code wait}; {@code -} where unknown.
   */
  private static final String[] SIDE_HEADERS = {"consumer CPU µs/req", "producer CPU µs/req", "provider avg ms",
      "gap ms", "consumer wait ms"};

  private static void sides(StringBuilder page, RunResult r) {
    cell(page, r.cpu() == null ? "-" : micros(r.cpu().consumerUs()), null);
    cell(page, r.cpu() == null ? "-" : micros(r.cpu().producerUs()), null);
    cell(page, r.provider() == null ? "-" : Human.ms(r.provider().avgMs()), null);
    cell(page, Double.isFinite(r.gapAvgMs()) ? Human.ms(r.gapAvgMs()) : "-", null);
    double waitUs = r.consumer() == null ? Double.NaN : r.consumer().stageUs(io.axle.perf.report.ConsumerWindow.WAIT);
    cell(page, Double.isFinite(waitUs) ? Human.ms(waitUs / 1000) : "-", null);
  }

  private static String micros(double us) {
    return Double.isFinite(us) ? String.format(java.util.Locale.ROOT, "%.1f", us) : "-";
  }

  private static void header(StringBuilder page, String text, String cssClass) {
    page.append(cssClass == null ? "<th>" : "<th class=\"" + cssClass + "\">").append(Xml.escape(text))
        .append("</th>");
  }

  private static void cell(StringBuilder page, String text, String cssClass) {
    page.append(cssClass == null ? "<td>" : "<td class=\"" + cssClass + "\">").append(Xml.escape(text))
        .append("</td>");
  }
}
