package io.axle.perf.report.html;

import io.axle.perf.report.CpuPerRequest;
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

  /**
   * {@code run} with each side's CPU per window, as a {@code --loopback} run measures it: the consumer's from
   * {@code consumerPercent} up a point a second, the producer's from {@code producerPercent} down a point a second.
   */
  static RunResult withCpu(RunResult run, double consumerPercent, double producerPercent) {
    List<WindowStats> windows = new ArrayList<>();
    for (WindowStats w : run.windows()) {
      windows.add(new WindowStats(w.endSeconds(), false, w.requests(), 0, w.tps(), w.latency(),
          WindowStats.NOT_COUNTED, consumerPercent + w.endSeconds(), producerPercent - w.endSeconds()));
    }
    return new RunResult(run.transport(), run.mode(), run.concurrency(), run.requestSize(), run.warmupSeconds(),
        run.durationSeconds(), run.requests(), run.errors(), run.tps(), run.latency(), windows, run.provider(),
        run.openLoop(), run.longTail(), run.latencyCurve(), new CpuPerRequest(3.25, 2.5));
  }

  /** A tune walk's page as {@code --tune --report} writes it: four steps at their knees, two of them changes. */
  static final SweepAxis WALK_STEPS = new SweepAxis("tune step",
      List.of("1 start", "2 start", "3 executor=inline kept", "4 server loops=2"), List.of("", "", "kept", "reverted"));

  /** The walk's runs, one per step of {@link #WALK_STEPS}, each with both sides' CPU. */
  static List<RunResult> walk() {
    List<RunResult> runs = new ArrayList<>();
    for (int i = 0; i < WALK_STEPS.values().size(); i++) {
      runs.add(withCpu(run(50 + 10 * i, 5, 20 + i), 60 + 10 * i, 90 - 5 * i));
    }
    return runs;
  }

  /** The walk's confirmation: two closed-loop pairs of the starting configuration and the best. */
  static RunPairs confirmation() {
    return new RunPairs("The gain, measured again", "as configured", "best",
        List.of(withCpu(run(100, 3, 31), 150, 120), withCpu(run(100, 3, 33), 150, 120)),
        List.of(withCpu(run(60, 3, 32), 160, 110), withCpu(run(60, 3, 34), 160, 110)));
  }
}
