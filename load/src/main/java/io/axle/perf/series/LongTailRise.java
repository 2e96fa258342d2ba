package io.axle.perf.series;

import io.axle.perf.report.Latency;
import io.axle.perf.report.RunResult;
import java.util.Locale;

/** How much the slow share raised the normal requests' latency, as the tRPC article's long-tail table shows it. */
final class LongTailRise {

  private LongTailRise() {
  }

  /** @param which what the pair ran with, e.g. {@code " (axle.executors.default=inline)"}, or empty */
  static String describe(String which, RunResult without, RunResult with) {
    Latency before = without.latency();
    Latency after = with.latency();
    return "long tail, normal requests" + which + ": " + rise("avg", before.avg(), after.avg()) + ", "
        + rise("p99", before.p99(), after.p99()) + ", " + rise("p999", before.p999(), after.p999());
  }

  private static String rise(String name, double before, double after) {
    String change = before > 0 ? String.format(Locale.ROOT, " (%+.0f%%)", 100 * (after - before) / before) : "";
    return String.format(Locale.ROOT, "%s %.3f -> %.3f ms%s", name, before, after, change);
  }
}
