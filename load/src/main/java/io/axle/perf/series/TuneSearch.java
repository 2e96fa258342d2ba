package io.axle.perf.series;

import io.axle.perf.report.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * {@code --tune}'s search: coordinate descent over a few knobs, judged by the knee rate (the highest rate whose
 * P999 meets the target). The configuration it starts from is measured once to warm the process up (not
 * counted), then {@link #NOISE_RUNS} times: the spread of those knees is the noise, and a change is kept only when its knee beats the best so far by more than
 * that (and by at least {@link #RESOLUTION}, the knee searches' own). Then each knob in turn: every
 * other value of it, the rest held at the best so far. It stops starting evaluations once the budget is spent and
 * always reports the best found. Pure logic: what an evaluation costs and how time passes come from outside,
 * so a simulated response surface can test it.
 */
final class TuneSearch {
  /** Evaluations of the starting configuration that measure the noise. */
  static final int NOISE_RUNS = 3;
  /**
   * A spread of knees wider than this: the host is too noisy to tell small effects apart, and a change must beat the
   * starting configuration's highest knee, not its median, by the noise (what a lucky draw of the start could reach).
   */
  static final double TOO_NOISY = 0.3;
  /**
   * The knee searches' resolution, and so the smallest margin a change must win by: coarser than a lone knee
   * search's 5%, which the noise of short runs swamps anyway, and half the runs of bisection.
   */
  static final double RESOLUTION = 0.1;

  /** One knob: its key and the values worth trying. */
  record Knob(String key, List<String> values) {
  }

  /**
   * A configuration's knee: the rate (0 when no rate met the target) and the run at it (null then); with {@code
   * below}, only {@code knee} was tried and missed, so the knee is somewhere under it.
   */
  record Evaluation(int knee, RunResult at, boolean below) {
    Evaluation(int knee, RunResult at) {
      this(knee, at, false);
    }
  }

  /**
   * Measures a configuration: the changes from the starting one, a rate to start the knee search from, and the
   * rate it must beat to be kept (0 for none): an evaluator may try that rate first and, when it misses, answer
   * {@code below} at once rather than find a knee that cannot win.
   */
  @FunctionalInterface
  interface Evaluator {
    Evaluation evaluate(Map<String, String> changes, int startRps, int mustBeat);
  }

  /** One step of the walk: which knob took which value, its knee, and whether it was kept and why. */
  record Step(int number, String knob, String value, Evaluation result, boolean kept, String why) {
  }

  /**
   * The walk and its outcome: the best changes from the starting configuration (empty when none beat it), the
   * knees of the start and of the best, the noise, whether the host was too noisy, whether the budget ran out.
   */
  record Walk(List<Step> steps, Map<String, String> best, int startKnee, int bestKnee, double noise,
      boolean tooNoisy, boolean outOfBudget, int startHighest) {
    Walk(List<Step> steps, Map<String, String> best, int startKnee, int bestKnee, double noise, boolean tooNoisy,
        boolean outOfBudget) {
      this(steps, best, startKnee, bestKnee, noise, tooNoisy, outOfBudget, startKnee);
    }
  }

  private final List<Knob> knobs;
  private final Map<String, String> current;
  private final Evaluator evaluator;
  private final LongSupplier nanoClock;
  private final long deadline;
  private final int startRps;
  /** True when the process was warmed up before the search (a capacity run): no warm-up evaluation then. */
  private final boolean warmedUp;

  /**
   * @param knobs the knobs, in the order they are tried
   * @param current each knob's value in the starting configuration (a value equal to it is not tried again)
   * @param startRps where the first knee search starts
   * @param nanoClock the time, in nanoseconds
   * @param budgetNanos how long it may start new evaluations for
   */
  TuneSearch(List<Knob> knobs, Map<String, String> current, Evaluator evaluator, int startRps, LongSupplier nanoClock,
      long budgetNanos) {
    this(knobs, current, evaluator, startRps, nanoClock, budgetNanos, false);
  }

  /** @param warmedUp the process already ran load (a capacity run): the warm-up evaluation is skipped */
  TuneSearch(List<Knob> knobs, Map<String, String> current, Evaluator evaluator, int startRps, LongSupplier nanoClock,
      long budgetNanos, boolean warmedUp) {
    this.warmedUp = warmedUp;
    this.knobs = List.copyOf(knobs);
    this.current = Map.copyOf(current);
    this.evaluator = evaluator;
    this.startRps = startRps;
    this.nanoClock = nanoClock;
    this.deadline = nanoClock.getAsLong() + budgetNanos;
  }

  Walk run() {
    List<Step> steps = new ArrayList<>();
    int seed = 0;
    if (!warmedUp) {
      // The consumer process's first runs are slower (its code still compiling): measured, not counted.
      Evaluation warmup = evaluator.evaluate(Map.of(), startRps, 0);
      steps.add(new Step(1, "warm-up", "as configured", warmup, false,
          "not counted: this process's first runs, its code still compiling"));
      seed = warmup.knee();
    }
    int[] knees = new int[NOISE_RUNS];
    for (int i = 0; i < NOISE_RUNS; i++) {
      // From half the last knee found: fewer doublings to the same knee.
      int from = seed == 0 ? startRps : Math.max(1, seed / 2);
      Evaluation start = evaluator.evaluate(Map.of(), from, 0);
      seed = start.knee() > 0 ? start.knee() : seed;
      knees[i] = start.knee();
      steps.add(new Step(steps.size() + 1, "start", "as configured", start, true, i == 0 ? "the starting point"
          : "again, to measure the noise"));
    }
    int[] sorted = knees.clone();
    Arrays.sort(sorted);
    int startKnee = sorted[(sorted.length - 1) / 2];
    double noise = sorted[sorted.length - 1] == 0 ? 0
        : (double) (sorted[sorted.length - 1] - sorted[0]) / sorted[sorted.length - 1];
    double margin = Math.max(noise, RESOLUTION);
    boolean tooNoisy = noise > TOO_NOISY;
    Map<String, String> best = new LinkedHashMap<>();
    int bestKnee = startKnee;
    boolean outOfBudget = false;
    search:
    for (Knob knob : knobs) {
      // The value the pass starts from is already measured: the best so far has it.
      String measured = best.getOrDefault(knob.key(), current.get(knob.key()));
      for (String value : knob.values()) {
        if (value.equals(measured)) {
          continue;
        }
        if (nanoClock.getAsLong() >= deadline) {
          outOfBudget = true;
          break search;
        }
        Map<String, String> candidate = new LinkedHashMap<>(best);
        candidate.put(knob.key(), value);
        // On a noisy host the bar is the highest knee the start reached, not its median: a lucky draw of the start
        // could reach that, so only what beats it by the noise again is an effect of the change.
        int bar = (int) Math.ceil((tooNoisy ? Math.max(bestKnee, sorted[sorted.length - 1]) : bestKnee) * (1 + margin));
        int mustBeat = bestKnee == 0 ? 0 : bar;
        Evaluation result = evaluator.evaluate(candidate, Math.max(1, (bestKnee > 0 ? bestKnee : startRps) / 2),
            mustBeat);
        boolean kept = !result.below() && result.knee() > bar;
        String why = result.below() ? "reverted: missed the target at " + result.knee() + "/s, the rate it had to beat"
            : verdict(result.knee(), bestKnee, margin, tooNoisy, kept);
        steps.add(new Step(steps.size() + 1, knob.key(), value, result, kept, why));
        if (kept) {
          best = candidate;
          bestKnee = result.knee();
        }
      }
    }
    return new Walk(List.copyOf(steps), Map.copyOf(best), startKnee, bestKnee, noise, tooNoisy, outOfBudget,
        sorted[sorted.length - 1]);
  }

  private static String verdict(int knee, int bestKnee, double margin, boolean tooNoisy, boolean kept) {
    String change = bestKnee == 0 ? (knee > 0 ? "met the target where the best did not" : "no rate met the target")
        : String.format(Locale.ROOT, "%+.0f%% against the best", 100.0 * (knee - bestKnee) / bestKnee);
    if (tooNoisy) {
      return (kept ? "kept: " : "reverted: ") + change + (kept ? ", beyond" : ", within")
          + String.format(Locale.ROOT, " what the noisy host's start reached, plus its noise (%.0f%%)", 100 * margin);
    }
    if (kept) {
      return String.format(Locale.ROOT, "kept: %s, beyond the noise (%.0f%%)", change, 100 * margin);
    }
    return knee > bestKnee ? String.format(Locale.ROOT, "reverted: %s, within the noise (%.0f%%)", change, 100 * margin)
        : "reverted: " + change;
  }
}
