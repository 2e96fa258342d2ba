package io.axle.perf.series;

import io.axle.perf.report.RunResult;
import java.util.function.IntFunction;

/**
 * The tRPC article's metric, "QPS at P999 <= target": open-loop runs at rising rates, doubling from the
 * start rate until a run misses, then halving the interval between the best rate that met the target and
 * the lowest that missed, until they are within {@link #PRECISION} of each other or the steps run out. A
 * run meets the target when its P999 is within it, it had no errors, and it carried at least
 * {@link SeriesRunner#CARRIED} of its rate (an open loop that could not send on time did not offer it).
 */
final class KneeSearch {
  /** Stop when the best and the first missing rates are this close. */
  static final double PRECISION = 0.05;

  /** The best rate found and its run. */
  record Knee(int rps, RunResult result) {
  }

  private final SeriesPlan.Knee plan;
  private final IntFunction<RunResult> runAt;
  private final double precision;

  KneeSearch(SeriesPlan.Knee plan, IntFunction<RunResult> runAt) {
    this(plan, runAt, PRECISION);
  }

  /** With a resolution of its own: the search stops when the best and the first missing rates are this close. */
  KneeSearch(SeriesPlan.Knee plan, IntFunction<RunResult> runAt, double precision) {
    this.plan = plan;
    this.runAt = runAt;
    this.precision = precision;
  }

  /** The knee, or null when even the lowest rate tried missed the target. */
  Knee run() {
    Knee best = null;
    int missed = Integer.MAX_VALUE;
    int rate = plan.startRps();
    for (int step = 0; step < plan.maxSteps() && rate >= 1; step++) {
      RunResult result = runAt.apply(rate);
      if (meets(plan, result, rate)) {
        best = new Knee(rate, result);
      } else {
        missed = rate;
      }
      int next;
      if (missed == Integer.MAX_VALUE) {
        next = rate > Integer.MAX_VALUE / 2 ? Integer.MAX_VALUE : rate * 2;
      } else if (best == null) {
        next = rate / 2;
      } else {
        next = best.rps() + (missed - best.rps()) / 2;
        if (missed - best.rps() <= Math.max(1, best.rps() * precision) || next == best.rps()) {
          break;
        }
      }
      rate = next;
    }
    return best;
  }

  /** Whether a run at {@code rate} met {@code plan}'s target: within its P999, no errors, the rate carried. */
  static boolean meets(SeriesPlan.Knee plan, RunResult result, int rate) {
    return result.errors() == 0 && result.latency().p999() * 1e6 <= plan.targetP999().toNanos()
        && result.tps() >= rate * SeriesRunner.CARRIED;
  }

  /** The line printed under the table. */
  static String describe(SeriesPlan.Knee plan, Knee knee) {
    String target = SeriesRunner.millis(plan.targetP999());
    if (knee == null) {
      return "knee: no rate tried kept P999 within " + target + " with no errors (lower knee.start-rps)";
    }
    var latency = knee.result().latency();
    return String.format(java.util.Locale.ROOT,
        "knee: %d requests/s with P999 <= %s: tps=%.1f avg=%.3f p90=%.3f p99=%.3f p999=%.3f ms",
        knee.rps(), target, knee.result().tps(), latency.avg(), latency.p90(), latency.p99(), latency.p999());
  }
}
