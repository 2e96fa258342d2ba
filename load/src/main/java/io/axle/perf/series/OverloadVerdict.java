package io.axle.perf.series;

import io.axle.perf.report.RunResult;
import java.util.List;
import java.util.Locale;

/**
 * What the overload scenario's four runs say, against issue 16's targets: with the adaptive limit at the
 * overload, goodput (calls answered OK per second) at least {@link #GOODPUT_TARGET} of the capacity measured
 * in the same scenario, and the accepted calls' P99 at most {@link #P99_TARGET} times the P99 at half the
 * capacity. Without the limit, the same figures are reported as they are.
 *
 * @param capacity the closed-loop run
 * @param half the open loop at half the capacity
 * @param unlimited the open loop at the overload, no adaptive limit
 * @param limited the open loop at the overload, with the adaptive limit
 */
record OverloadVerdict(SeriesPlan.Overload plan, RunResult capacity, RunResult half, RunResult unlimited,
    RunResult limited) {
  static final double GOODPUT_TARGET = 0.9;
  static final double P99_TARGET = 3.0;

  static OverloadVerdict of(SeriesPlan.Overload plan, List<RunResult> runs) {
    if (runs.size() != 4) {
      throw new IllegalArgumentException("overload runs: " + runs.size() + " (expected: 4)");
    }
    return new OverloadVerdict(plan, runs.get(0), runs.get(1), runs.get(2), runs.get(3));
  }

  double goodputRatio(RunResult run) {
    return run.tps() / capacity.tps();
  }

  double p99Ratio(RunResult run) {
    return run.latency().p99() / half.latency().p99();
  }

  boolean goodputMet() {
    return goodputRatio(limited) >= GOODPUT_TARGET;
  }

  boolean p99Met() {
    return p99Ratio(limited) <= P99_TARGET;
  }

  /**
   * Why the targets cannot be judged from these runs, or null when they can: a ratio needs accepted calls
   * on both sides, and a baseline with failures is not the unloaded service it stands for.
   */
  String notJudged() {
    if (limited.requests() == 0) {
      return "the run with the limit accepted no call";
    }
    if (half.requests() == 0 || half.latency().p99() <= 0) {
      return "the run at 50% load accepted no call";
    }
    if (capacity.errors() > 0 || half.errors() > 0) {
      return "the capacity and 50% runs had " + capacity.errors() + " and " + half.errors() + " failed calls "
          + "(expected: none; see their errors above)";
    }
    return null;
  }

  /**
   * {@code {"percent":200,"algorithm":"gradient2","echo_delay":"2ms","capacity_tps":…,"p99_half_ms":…,
   * "unlimited":{"goodput_ratio":…,"p99_ratio":…},"limited":{…},"targets":{"judged":true,"goodput_met":…,
   * "p99_met":…}}}: the runs themselves are in {@code "runs"}.
   */
  io.vertx.core.json.JsonObject toJson() {
    String notJudged = notJudged();
    io.vertx.core.json.JsonObject targets = new io.vertx.core.json.JsonObject().put("judged", notJudged == null);
    if (notJudged == null) {
      targets.put("goodput_met", goodputMet()).put("p99_met", p99Met());
    } else {
      targets.put("not_judged", notJudged);
    }
    return new io.vertx.core.json.JsonObject()
        .put("percent", plan.percent())
        .put("algorithm", plan.algorithm())
        .put("echo_delay", plan.echoDelay())
        .put("capacity_tps", capacity.tps())
        .put("p99_half_ms", half.latency().p99())
        .put("unlimited", ratios(unlimited))
        .put("limited", ratios(limited))
        .put("targets", targets);
  }

  private io.vertx.core.json.JsonObject ratios(RunResult run) {
    double p99 = half.latency().p99() > 0 ? p99Ratio(run) : Double.NaN;
    return new io.vertx.core.json.JsonObject()
        .put("goodput_tps", run.tps())
        .put("goodput_ratio", goodputRatio(run))
        .put("p99_ms", run.latency().p99())
        .put("p99_ratio", Double.isFinite(p99) ? p99 : null);
  }

  String describe() {
    StringBuilder text = new StringBuilder();
    text.append(String.format(Locale.ROOT, "overload: capacity %.1f OK/s (closed loop, %s %d), each call sleepEcho "
        + "%s; p99 at 50%% load %.3f ms%n", capacity.tps(), capacity.mode(), capacity.concurrency(), plan.echoDelay(),
        half.latency().p99()));
    text.append(line(plan.percent() + "% without a limit", unlimited)).append(System.lineSeparator());
    text.append(line(plan.percent() + "% with " + plan.algorithm(), limited));
    String notJudged = notJudged();
    if (notJudged != null) {
      return text.append(String.format(Locale.ROOT, "%ntargets with %s: not judged: %s", plan.algorithm(), notJudged))
          .toString();
    }
    text.append(String.format(Locale.ROOT, "%ntargets with %s: goodput >= %.1fx capacity: %s; p99 <= %.0fx the p99 "
        + "at 50%% load: %s", plan.algorithm(), GOODPUT_TARGET, goodputMet() ? "met" : "missed", P99_TARGET,
        p99Met() ? "met" : "missed"));
    return text.toString();
  }

  private String line(String label, RunResult run) {
    String late = run.openLoop() != null && run.openLoop().notOnTime() > 0
        ? String.format(Locale.ROOT, "; %d requests not sent on time (the load generator lagged)",
            run.openLoop().notOnTime())
        : "";
    return String.format(Locale.ROOT, "  %-22s goodput %.1f OK/s = %.2fx capacity, p99 of accepted calls %.3f ms = "
        + "%.2fx, failed %.1f/s%s", label + ":", run.tps(), goodputRatio(run), run.latency().p99(), p99Ratio(run),
        run.errors() / Math.max(1e-9, run.durationSeconds()), late);
  }
}
