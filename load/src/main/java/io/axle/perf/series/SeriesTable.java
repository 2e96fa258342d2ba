package io.axle.perf.series;

import io.axle.perf.report.CpuPerRequest;
import io.axle.perf.report.Latency;
import io.axle.perf.report.OpenLoopResult;
import io.axle.perf.report.RunResult;
import java.util.List;
import java.util.Locale;

/** The table a series prints at its end: one row per run, the figures the reference articles compare. */
final class SeriesTable {

  /** One row: the step's label (the swept value, the rate, …) and its result. */
  record Row(String label, RunResult result) {
  }

  private SeriesTable() {
  }

  static String render(String labelHeader, List<Row> rows) {
    int width = Math.max(labelHeader.length(), rows.stream().mapToInt(r -> r.label().length()).max().orElse(0));
    boolean openLoop = rows.stream().anyMatch(r -> r.result().openLoop() != null);
    StringBuilder table = new StringBuilder();
    table.append(String.format(Locale.ROOT, "%-" + width + "s %11s %9s %9s %9s %9s %8s %9s %9s%s%n", labelHeader,
        "tps", "avg_ms", "p90_ms", "p99_ms", "p999_ms", "errors", "cpu%", "prod_cpu%",
        openLoop ? String.format(Locale.ROOT, " %9s  %s", "unsent", "rate") : ""));
    for (Row row : rows) {
      Latency latency = row.result().latency();
      table.append(String.format(Locale.ROOT, "%-" + width + "s %11.1f %9.3f %9.3f %9.3f %9.3f %8d %9s %9s%s%n",
          row.label(), row.result().tps(), latency.avg(), latency.p90(), latency.p99(), latency.p999(),
          row.result().errors(), percent(row.result(), true), percent(row.result(), false),
          openLoop ? openLoopColumns(row.result()) : ""));
    }
    table.append("(cpu%: this consumer process, prod_cpu%: the producer child (- when it is not one), over each run's "
        + "measured window only, as its summary's CPU per request; 100 = one core"
        + (openLoop ? "; unsent: requests an open loop could not send at all; rate: reached when it carried at least "
            + Math.round(SeriesRunner.CARRIED * 100) + "% of its rps, else not reached" : "") + ")");
    return table.toString();
  }

  /** An open-loop run's unsent requests, and whether it carried the rate it was asked for. */
  private static String openLoopColumns(RunResult result) {
    OpenLoopResult open = result.openLoop();
    if (open == null) {
      return String.format(Locale.ROOT, " %9s  %s", "-", "-");
    }
    return String.format(Locale.ROOT, " %9d  %s", open.unsent(),
        result.tps() >= open.rps() * SeriesRunner.CARRIED ? "reached" : "not reached");
  }

  /** A side's CPU over the measured window, from its CPU per request and the rate: µs/request x requests/s. */
  static String percent(RunResult result, boolean consumer) {
    CpuPerRequest cpu = result.cpu();
    double percent = cpu == null ? Double.NaN : consumer ? cpu.consumerPercent(result.tps())
        : cpu.producerPercent(result.tps());
    return Double.isFinite(percent) ? String.format(Locale.ROOT, "%.0f", percent) : "-";
  }
}
