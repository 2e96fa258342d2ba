package io.axle.perf.report.html;

import io.axle.perf.report.Latency;
import io.axle.perf.report.LatencyCurve;
import io.axle.perf.report.RunResult;
import io.axle.perf.report.WindowStats;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;

/**
 * Runs built from recorded latencies rather than measured now: a series for the sweep charts without
 * minutes of load. The latencies are drawn from a fixed seed, so every build sees the same page.
 */
final class RecordedRuns {

  private RecordedRuns() {
  }

  /** A run at {@code concurrency} callers: {@code windows} one-second windows, latency growing with load. */
  static RunResult run(int concurrency, int windows, long seed) {
    Random random = new Random(seed);
    Histogram total = new Histogram(3);
    List<WindowStats> stats = new ArrayList<>();
    double baseMs = 0.2 + concurrency * 0.02;
    for (int w = 1; w <= windows; w++) {
      Histogram window = new Histogram(3);
      int calls = 2000 + random.nextInt(500);
      for (int i = 0; i < calls; i++) {
        // Mostly near the base, with a long tail: a tenth of a percent ten times slower.
        double ms = baseMs * (0.6 + random.nextDouble()) * (random.nextInt(1000) == 0 ? 10 : 1);
        window.recordValue((long) (ms * 1_000_000));
      }
      total.add(window);
      stats.add(new WindowStats(w, false, calls, 0, calls, Latency.of(window)));
    }
    long requests = total.getTotalCount();
    return new RunResult("highway", "sync", concurrency, 10, 0, windows, requests, 0, requests / (double) windows,
        Latency.of(total), stats, null, null, null, LatencyCurve.of(total));
  }
}
