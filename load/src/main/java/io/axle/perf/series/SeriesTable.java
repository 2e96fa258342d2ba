package io.axle.perf.series;

import io.axle.perf.report.Latency;
import io.axle.perf.report.RunResult;
import java.util.List;
import java.util.Locale;

/** The table a series prints at its end: one row per run, the figures the reference articles compare. */
final class SeriesTable {

  /** One row: the step's label (the swept value, the rate, …), its result, the consumer's CPU over the run. */
  record Row(String label, RunResult result, double consumerCpuPercent) {
  }

  private SeriesTable() {
  }

  static String render(String labelHeader, List<Row> rows) {
    int width = Math.max(labelHeader.length(), rows.stream().mapToInt(r -> r.label().length()).max().orElse(0));
    StringBuilder table = new StringBuilder();
    table.append(String.format(Locale.ROOT, "%-" + width + "s %11s %9s %9s %9s %9s %8s %9s%n", labelHeader, "tps",
        "avg_ms", "p90_ms", "p99_ms", "p999_ms", "errors", "cpu%"));
    for (Row row : rows) {
      Latency latency = row.result().latency();
      table.append(String.format(Locale.ROOT, "%-" + width + "s %11.1f %9.3f %9.3f %9.3f %9.3f %8d %9.0f%n",
          row.label(), row.result().tps(), latency.avg(), latency.p90(), latency.p99(), latency.p999(),
          row.result().errors(), row.consumerCpuPercent()));
    }
    table.append("(cpu%: this consumer process over the whole run, warm-up and start included; 100 = one core)");
    return table.toString();
  }
}
