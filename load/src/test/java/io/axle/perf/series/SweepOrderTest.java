package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.PerfOutput;
import io.axle.perf.Role;
import io.axle.perf.StopSignal;
import io.axle.perf.report.Latency;
import io.axle.perf.report.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A sweep's figures no longer depend on where a value stands in the list. The runs here are made by a
 * launcher standing in for a consumer that keeps warming through the series (each run 10% faster than the one
 * before, what issue 20 saw: the same value 42.4k first, 51.1k last): a sweep A, B, A then reports the two A's
 * each within the other's spread, where one round reported them far apart.
 */
class SweepOrderTest {

  @Test
  void aSweepABA_reportsTheTwoAsWithinEachOthersSpread() {
    SweepMedians rounds = sweep("--sweep=sync-count=2,4,2");
    assertThat(rounds.tps(2).contains(rounds.tps(0).median())).as("A's median within A''s spread").isTrue();
    assertThat(rounds.tps(0).contains(rounds.tps(2).median())).as("A''s median within A's spread").isTrue();

    SweepMedians once = sweep("--sweep=sync-count=2,4,2", "--sweep.repeats=1");
    assertThat(once.tps(2).median() / once.tps(0).median()).as("one round: the second A, run last, looks faster")
        .isGreaterThan(1.15);
  }

  /** Runs the series with the warming launcher and returns its medians. */
  private static SweepMedians sweep(String... args) {
    List<RunResult> results = new ArrayList<>();
    RunLauncher warming = (role, stepArgs, output, stop) -> {
      RunResult result = run(1000 * Math.pow(1.1, results.size()));
      results.add(result);
      return new RunLauncher.Outcome(0, result);
    };
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PerfOutput output = new PerfOutput(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    SeriesRunner runner = SeriesRunner.of(Role.CONSUMER, args, output, new StopSignal(), warming).orElseThrow();
    assertThat(runner.run()).isZero();
    SeriesPlan.Sweep sweep = (SeriesPlan.Sweep) SeriesPlan.from(io.axle.config.AxleConfig.load(args)).orElseThrow();
    // With rounds, the series' first run warms the process up and is not one of the sweep's.
    assertThat(out.toString(StandardCharsets.UTF_8).contains("=== series warm-up run, not counted"))
        .isEqualTo(sweep.rounds() > 1);
    return SweepMedians.of(sweep, sweep.rounds() > 1 ? results.subList(1, results.size()) : results);
  }

  private static RunResult run(double tps) {
    return new RunResult("highway", "sync", 2, 10, 0, 1, (long) tps, 0, tps, new Latency(1, 1, 1, 1, 1, 1), List.of());
  }
}
