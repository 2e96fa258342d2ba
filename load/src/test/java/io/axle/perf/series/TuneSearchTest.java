package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The tuning search against a simulated response surface: a knee rate made of one factor per knob, times a
 * noise of known size, with every evaluation taking simulated time. It finds the optimum, stays within its
 * budget, reverts a change the noise could explain, and says when the host is too noisy to tell.
 */
class TuneSearchTest {
  private static final List<TuneSearch.Knob> KNOBS = List.of(
      new TuneSearch.Knob("executor", List.of("inline", "group", "virtual")),
      new TuneSearch.Knob("server-loops", List.of("1", "2", "4")),
      new TuneSearch.Knob("client-loops", List.of("1", "2", "4", "8")));
  private static final Map<String, String> START = Map.of("executor", "group", "server-loops", "1",
      "client-loops", "1");
  private static final long EVALUATION_NANOS = TimeUnit.SECONDS.toNanos(20);

  /** inline x1.5, 2 server loops x1.3 (4: x1.2), 4 client loops x1.4 (8: x1.35, 2: x1.08); virtual x1.02. */
  private static double surface(Map<String, String> changes) {
    double rate = 10_000;
    rate *= switch (changes.getOrDefault("executor", "group")) {
      case "inline" -> 1.5;
      case "virtual" -> 1.02;
      default -> 1;
    };
    rate *= switch (changes.getOrDefault("server-loops", "1")) {
      case "2" -> 1.3;
      case "4" -> 1.2;
      default -> 1;
    };
    rate *= switch (changes.getOrDefault("client-loops", "1")) {
      case "2" -> 1.08;
      case "4" -> 1.4;
      case "8" -> 1.35;
      default -> 1;
    };
    return rate;
  }

  private record Outcome(TuneSearch.Walk walk, int evaluations, long elapsedNanos) {
  }

  private static Outcome tune(double noise, long budgetNanos, long seed) {
    return tune(KNOBS, noise, budgetNanos, seed);
  }

  /** Each evaluation off the surface by a uniform factor within plus or minus {@code noise}. */
  private static Outcome tune(List<TuneSearch.Knob> knobs, double noise, long budgetNanos, long seed) {
    Random random = new Random(seed);
    return tune(knobs, () -> 1 + noise * (2 * random.nextDouble() - 1), budgetNanos);
  }

  private static Outcome tune(List<TuneSearch.Knob> knobs, java.util.function.DoubleSupplier noise,
      long budgetNanos) {
    AtomicLong clock = new AtomicLong();
    AtomicInteger evaluations = new AtomicInteger();
    TuneSearch.Evaluator noisy = (changes, startRps, mustBeat) -> {
      clock.addAndGet(EVALUATION_NANOS);
      evaluations.incrementAndGet();
      double factor = noise.getAsDouble();
      return new TuneSearch.Evaluation((int) (surface(changes) * factor), null);
    };
    TuneSearch.Walk walk = new TuneSearch(knobs, START, noisy, 1000, clock::get, budgetNanos).run();
    return new Outcome(walk, evaluations.get(), clock.get());
  }

  @Test
  void findsTheOptimum_withinItsBudget() {
    Outcome outcome = tune(0.02, TimeUnit.MINUTES.toNanos(5), 1);

    assertThat(outcome.walk().best()).containsEntry("executor", "inline").containsEntry("server-loops", "2")
        .containsEntry("client-loops", "4");
    assertThat(outcome.walk().bestKnee()).isGreaterThan((int) (10_000 * 1.5 * 1.3 * 1.4 * 0.97));
    assertThat(outcome.walk().tooNoisy()).isFalse();
    // A warm-up, 3 starts, 2 executors, 2 server loop counts, 3 client loop counts: 11 evaluations, in 5 minutes.
    assertThat(outcome.evaluations()).isEqualTo(11);
    assertThat(outcome.walk().outOfBudget()).isFalse();
  }

  @Test
  void aChangeTheNoiseCouldExplain_isReverted() {
    // virtual first, against the starting group: 2% better, which the searches' 10% resolution cannot tell.
    Outcome outcome = tune(List.of(new TuneSearch.Knob("executor", List.of("virtual", "inline"))), 0.01,
        TimeUnit.MINUTES.toNanos(5), 2);

    TuneSearch.Step virtual = outcome.walk().steps().get(1 + TuneSearch.NOISE_RUNS);
    assertThat(virtual.value()).isEqualTo("virtual");
    assertThat(virtual.kept()).isFalse();
    assertThat(virtual.why()).startsWith("reverted: +").contains("within the noise");
    assertThat(outcome.walk().best()).containsEntry("executor", "inline");
  }

  @Test
  void stopsStartingEvaluationsOnceTheBudgetIsSpent_andReportsTheBestSoFar() {
    // 100 s: the warm-up, the three starts and one more evaluation.
    Outcome outcome = tune(0.02, TimeUnit.SECONDS.toNanos(100), 3);

    assertThat(outcome.walk().outOfBudget()).isTrue();
    assertThat(outcome.evaluations()).isEqualTo(5);
    assertThat(outcome.elapsedNanos()).isLessThanOrEqualTo(TimeUnit.SECONDS.toNanos(100));
    assertThat(outcome.walk().best()).containsEntry("executor", "inline");
  }

  @Test
  void onANoisyHost_aSmallEffectIsNotKept_andItSaysSo() {
    // The warm-up at 1.0, then the same configuration measured at 0.6, 1.0 and 1.3 times its rate: 54% apart.
    double[] factors = {1.0, 0.6, 1.0, 1.3};
    AtomicInteger next = new AtomicInteger();
    Outcome outcome = tune(KNOBS, () -> factors[next.getAndIncrement() % factors.length], TimeUnit.MINUTES.toNanos(5));

    assertThat(outcome.walk().noise()).isGreaterThan(TuneSearch.TOO_NOISY);
    assertThat(outcome.walk().tooNoisy()).isTrue();
    assertThat(outcome.walk().best()).isEmpty();
    assertThat(outcome.walk().steps()).filteredOn(s -> !s.knob().equals("start") && !s.knob().equals("warm-up"))
        .allSatisfy(s -> assertThat(s.why()).contains("within what the noisy host's start reached"));
  }

  @Test
  void onANoisyHost_anEffectBeyondTheStartsHighestKneeByTheNoise_isKept() {
    // The start at 6k, 10k and 13k (54% apart); inline three times the start's median, the rest no different.
    AtomicInteger starts = new AtomicInteger();
    int[] startKnees = {10_000, 6_000, 10_000, 13_000};
    TuneSearch.Evaluator evaluator = (changes, startRps, mustBeat) -> changes.isEmpty()
        ? new TuneSearch.Evaluation(startKnees[starts.getAndIncrement() % startKnees.length], null)
        : "inline".equals(changes.get("executor")) ? new TuneSearch.Evaluation(30_000, null)
        : new TuneSearch.Evaluation(mustBeat, null, true);
    TuneSearch.Walk walk = new TuneSearch(KNOBS, START, evaluator, 1000, System::nanoTime, TimeUnit.MINUTES.toNanos(5))
        .run();

    assertThat(walk.tooNoisy()).isTrue();
    assertThat(walk.startHighest()).isEqualTo(13_000);
    // The bar: 13,000 + 54% = 20,000; inline's 30,000 clears it.
    assertThat(walk.best()).containsExactly(Map.entry("executor", "inline"));
    assertThat(walk.steps()).filteredOn(s -> s.value().equals("inline")).singleElement()
        .satisfies(s -> assertThat(s.why()).startsWith("kept: +200% against the best, beyond what the noisy host's start"));
  }

  @Test
  void aCandidateThatMissesTheRateItMustBeat_isRevertedWithoutAKneeSearch() {
    AtomicInteger fullSearches = new AtomicInteger();
    TuneSearch.Evaluator quick = (changes, startRps, mustBeat) -> {
      double rate = surface(changes);
      if (mustBeat > 0 && rate < mustBeat) {
        return new TuneSearch.Evaluation(mustBeat, null, true); // one run at mustBeat, missed
      }
      fullSearches.incrementAndGet();
      return new TuneSearch.Evaluation((int) rate, null);
    };
    TuneSearch.Walk walk = new TuneSearch(KNOBS, START, quick, 1000, System::nanoTime, TimeUnit.MINUTES.toNanos(5))
        .run();

    assertThat(walk.best()).containsEntry("executor", "inline").containsEntry("server-loops", "2")
        .containsEntry("client-loops", "4");
    TuneSearch.Step virtual = walk.steps().stream().filter(s -> s.value().equals("virtual")).findFirst().orElseThrow();
    assertThat(virtual.result().below()).isTrue();
    assertThat(virtual.why()).startsWith("reverted: missed the target at ");
    // The warm-up and starts, and the three changes that won: inline, 2 server loops, 4 client loops (2 client
    // loops, +8%, does not reach the 10% resolution).
    assertThat(fullSearches.get()).as("%s", walk.steps()).isEqualTo(1 + TuneSearch.NOISE_RUNS + 3);
  }
}
