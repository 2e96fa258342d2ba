package io.axle.perf.series;

import io.axle.perf.ExitStatus;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.CoreConfigKeys;
import io.axle.config.HostAndPort;
import io.axle.perf.PerfFailure;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfOutput;
import io.axle.perf.Role;
import io.axle.perf.StopSignal;
import io.axle.perf.report.RunResult;
import io.axle.perf.report.html.HtmlReport;
import io.axle.perf.report.html.RunPairs;
import io.axle.perf.report.html.SweepAxis;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a {@link SeriesPlan}: each step is a whole consumer run (started by the {@link RunLauncher}) with the step's keys on
 * its command line, printing its windows and summary as a single run does; then the table and, with
 * {@code json}, one document of all the runs.
 */
public final class SeriesRunner {
  /** The long-tail share the comparison's first run sets, to run the same load without the slow requests. */
  static final String LONG_TAIL_RATIO = "long-tail.ratio";
  /** The open-loop rate key a knee search sets at each step. */
  static final String RPS = "rps";
  /** A knee step must carry this share of its rate: below it the rate was not really offered. */
  static final double CARRIED = 0.95;

  private final SeriesPlan plan;
  private final Role role;
  private final String[] args;
  private final PerfOutput output;
  private final StopSignal stop;
  private final String json;
  private final String report;
  private final RunLauncher launcher;
  private final List<SeriesTable.Row> rows = new ArrayList<>();
  private final List<Map<String, Object>> labels = new ArrayList<>();
  private KneeSearch.Knee knee;
  /** With {@code --tune}: the walk, and what made it. */
  private TuneWalk tuneWalk;
  private TuneSearch.Walk tuned;
  /** With {@code -c --tune}: the producer's control, sent each configuration's producer keys; else null. */
  private final ProducerRestarts restarts;
  /** With {@code --tune}: how long the walk took, its runs and the producer's changes. */
  private long walkNanos;

  private SeriesRunner(SeriesPlan plan, Role role, String[] args, PerfOutput output, StopSignal stop, String json,
      String report, RunLauncher launcher, HostAndPort control, boolean live) {
    this.restarts = control == null ? null : new ProducerRestarts(control, live);
    this.plan = plan;
    this.launcher = launcher;
    this.role = role;
    this.args = args.clone();
    this.output = output;
    this.stop = stop;
    this.json = json;
    this.report = report;
  }

  /**
   * The series the arguments and files ask for, if any. Read before Spring starts, from the same sources
   * but {@code application.yml}.
   *
   * @throws ConfigException when a series key is unusable
   */
  public static Optional<SeriesRunner> of(Role role, String[] args, PerfOutput output, StopSignal stop,
      RunLauncher launcher) {
    AxleConfig config = AxleConfig.load(args);
    Optional<SeriesPlan> asked = SeriesPlan.from(config);
    HostAndPort control = config.get(PerfKeys.TUNE_CONTROL); // checked even without tune
    boolean tune = asked.orElse(null) instanceof SeriesPlan.Tune;
    if (tune && role != Role.LOOPBACK && !(role == Role.CONSUMER && control != null)) {
      // Half of the knobs are the producer's: only a producer this process starts, or one it can restart, gets them.
      throw new ConfigException("tune: true as " + role.name().toLowerCase(Locale.ROOT)
          + " (expected: with --loopback, which starts a producer for each run with the configuration tried, or -c "
          + "with tune.control=host:port, the control.address of a producer started with it, which restarts with "
          + "each configuration) — " + config.origin(PerfKeys.TUNE.name()));
    }
    if (control != null && (!tune || role == Role.LOOPBACK)) {
      throw new ConfigException(PerfKeys.TUNE_CONTROL.name() + ": " + control + " (expected: only with "
          + "-c --tune; --loopback starts its own producers) — " + config.origin(PerfKeys.TUNE_CONTROL.name()));
    }
    if (asked.orElse(null) instanceof SeriesPlan.Overload && role != Role.LOOPBACK) {
      // Its runs differ in the producer's own configuration, which only a producer this process starts gets.
      throw new ConfigException("overload: true as " + role.name().toLowerCase(Locale.ROOT)
          + " (expected: with --loopback, which starts a producer for each run, with and without the adaptive limit)"
          + " — " + config.origin(PerfKeys.OVERLOAD.name()));
    }
    return asked
        .map(plan -> new SeriesRunner(plan, role, args, output, stop, config.get(PerfKeys.JSON),
            config.get(PerfKeys.REPORT), launcher, control, config.get(PerfKeys.TUNE_LIVE)));
  }

  /** Runs every step; the exit status: 0 when every step measured, else the failing step's. */
  public int run() {
    String header;
    switch (plan) {
      case SeriesPlan.Sweep sweep -> {
        header = sweep.key();
        if (sweep.rounds() > 1) {
          warmUpRun(Map.of(sweep.key(), sweep.values().get(0)));
        }
        for (int round = 0; round < sweep.rounds(); round++) {
          for (int index : sweep.order(round)) {
            sweepStep(sweep, index, round);
          }
        }
      }
      case SeriesPlan.Knee search -> {
        header = RPS;
        knee = new KneeSearch(search, this::kneeStep).run();
      }
      case SeriesPlan.Compare compare -> {
        header = "run";
        // A B A B …: each pair's runs close in time, so drift of the machine weighs on both sides alike.
        // Both consumers are driven alike: without consumer metrics (the raw client has none) unless asked.
        Map<String, String> consumerMetrics = StepArgs.has(args, PerfKeys.CONSUMER_METRICS.name()) ? Map.of()
            : Map.of(PerfKeys.CONSUMER_METRICS.name(), "false");
        warmUpRun(with(consumerMetrics, CoreConfigKeys.REFERENCES_TRANSPORT.name(), compare.axleTransport()));
        for (int pair = 1; pair <= compare.pairs(); pair++) {
          step(compare.axleTransport() + " " + pair, with(consumerMetrics,
              CoreConfigKeys.REFERENCES_TRANSPORT.name(), compare.axleTransport()), Map.of());
          step(compare.against() + " " + pair, with(consumerMetrics, compare.against(), "true"), Map.of());
        }
      }
      case SeriesPlan.LongTailCompare ignored -> {
        header = "long tail";
        step("without", Map.of(LONG_TAIL_RATIO, "0"), Map.of());
        step("with", Map.of(), Map.of());
      }
      case SeriesPlan.Overload overload -> {
        header = "load";
        overloadRuns(overload);
      }
      case SeriesPlan.Tune tune -> {
        header = "run";
        tuneWalk = new TuneWalk(tune, AxleConfig.load(args), args, this::step);
        long walkStart = System.nanoTime();
        tuned = tuneWalk.run();
        walkNanos = System.nanoTime() - walkStart;
      }
    }
    output.out().println();
    output.out().println("series summary");
    output.out().println(SeriesTable.render(header, rows));
    if (plan instanceof SeriesPlan.Knee search) {
      output.out().println(KneeSearch.describe(search, knee));
    }
    if (plan instanceof SeriesPlan.LongTailCompare) {
      output.out().println(LongTailRise.describe("", rows.get(0).result(), rows.get(1).result()));
    }
    if (plan instanceof SeriesPlan.Sweep sweep && sweep.rounds() > 1) {
      output.out().println();
      output.out().println("sweep medians (" + sweep.rounds() + " rounds)");
      output.out().println(SweepMedians.of(sweep, rows.stream().map(SeriesTable.Row::result).toList()).render());
    }
    if (plan instanceof SeriesPlan.Sweep sweep && sweep.compareLongTail()) {
      for (int i = 0; i + 1 < rows.size(); i += 2) {
        output.out().println(LongTailRise.describe(" (" + sweep.key() + "=" + sweep.values().get(i / 2) + ")",
            rows.get(i).result(), rows.get(i + 1).result()));
      }
    }
    if (plan instanceof SeriesPlan.Overload overload) {
      output.out().println(OverloadVerdict.of(overload, rows.stream().map(SeriesTable.Row::result).toList()).describe());
    }
    if (tuned != null) {
      output.out().println(tuneWalk.describe(tuned));
      output.out().println(String.format(Locale.ROOT, "tune walk took %.1f s%s", walkNanos / 1e9, restarts == null ? ""
          : String.format(Locale.ROOT, "; the producer took %d configurations live and was restarted for %d (%s)",
              restarts.liveChanges(), restarts.restarts(), restarts.uri())));
    }
    if (plan instanceof SeriesPlan.Compare compare) {
      output.out().println(CompareRatios.of(compare, rows.stream().map(SeriesTable.Row::result).toList()).describe());
    }
    writeJson();
    writeReport(header);
    return ExitStatus.OK;
  }

  /**
   * The overload scenario's four runs, each with a fresh producer: its capacity in a closed loop; then open loops
   * at half of it, and at the overload without and with the adaptive limit. The open loops may have as many calls
   * in flight as the overload makes, so that the queue, not the load generator, decides what happens.
   */
  private void overloadRuns(SeriesPlan.Overload overload) {
    Map<String, String> common = new LinkedHashMap<>();
    common.put(PerfKeys.ECHO_DELAY.name(), overload.echoDelay());
    common.put(ADAPTIVE_LIMIT, "off");
    RunResult capacity = step("capacity", common, Map.of());
    long measured = Math.round(capacity.tps());
    if (measured < 2) {
      throw new PerfFailure("overload: the capacity run answered " + capacity.tps() + " calls per second (expected: "
          + "at least 2 to take a share of); see its errors above");
    }
    long overloadRate = measured * overload.percent() / 100;
    Map<String, String> half = new LinkedHashMap<>(common);
    half.put(RPS, Long.toString(measured / 2));
    half.put(PerfKeys.RPS_MAX_IN_FLIGHT.name(), OVERLOAD_MAX_IN_FLIGHT);
    step("50%", half, Map.of());
    Map<String, String> without = new LinkedHashMap<>(half);
    without.put(RPS, Long.toString(overloadRate));
    step(overload.percent() + "% no limit", without, Map.of());
    Map<String, String> limited = new LinkedHashMap<>(without);
    limited.put(ADAPTIVE_LIMIT, overload.algorithm());
    step(overload.percent() + "% " + overload.algorithm(), limited, Map.of());
  }

  /** The producer's adaptive limit, which the overload scenario turns on for its last run only. */
  static final String ADAPTIVE_LIMIT = "axle.governance.adaptive-limit.algorithm";
  /** Enough for every call of a run at twice the capacity to wait seconds in the producer's queue. */
  static final String OVERLOAD_MAX_IN_FLIGHT = "1000000";

  /**
   * One run of a sweep's value; with several rounds its label says which ({@code 5 #2}); with the long-tail
   * comparison, two runs, without and with the slow share.
   */
  private void sweepStep(SeriesPlan.Sweep sweep, int index, int round) {
    String value = sweep.values().get(index);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("key", sweep.key());
    json.put("value", number(value));
    if (sweep.rounds() > 1) {
      json.put("round", round + 1);
    }
    if (sweep.compareLongTail()) {
      // In this order, so that the step's line reads the same every time (Map.of has no order).
      Map<String, String> without = new LinkedHashMap<>();
      without.put(sweep.key(), value);
      without.put(LONG_TAIL_RATIO, "0");
      step(value + " without", without, json);
      step(value + " with", Map.of(sweep.key(), value), json);
    } else {
      step(sweep.rounds() > 1 ? value + " #" + (round + 1) : value, Map.of(sweep.key(), value), json);
    }
  }

  /**
   * One run before a sweep's rounds or a comparison's pairs, not counted: this process runs every step of a series,
   * and its first run is the slowest (its code still compiling: a first round's runs came out up to 40% below the
   * later ones), which would widen the first value's spread or lower the first pair's ratio.
   */
  private void warmUpRun(Map<String, String> keys) {
    output.out().printf("%n=== series warm-up run, not counted: %s ===%n", keys.toString().replaceAll("[{}]", ""));
    RunLauncher.Outcome outcome = launcher.run(role, StepArgs.of(args, keys), output, stop);
    if (outcome.status() != ExitStatus.OK || outcome.result() == null) {
      throw new PerfFailure("the series' warm-up run failed (exit " + outcome.status() + "); printed above");
    }
  }

  /** A knee step: the result at {@code rps}. */
  private RunResult kneeStep(int rps) {
    return step(rps + "/s", Map.of(RPS, Integer.toString(rps)), Map.of());
  }

  /** {@code keys} and one more, in order. */
  private static Map<String, String> with(Map<String, String> keys, String key, String value) {
    Map<String, String> all = new LinkedHashMap<>();
    all.put(key, value);
    all.putAll(keys);
    return all;
  }

  private RunResult step(String label, Map<String, String> keys, Map<String, Object> sweep) {
    output.out().printf("%n=== series step %d: %s ===%n", rows.size() + 1,
        keys.isEmpty() ? label : keys.toString().replaceAll("[{}]", ""));
    if (restarts != null && tuneWalk != null) {
      String ready = restarts.ensure(tuneWalk.producerKeys(keys));
      if (ready != null) {
        output.out().println("producer at " + restarts.uri() + ": " + ready);
      }
    }
    RunLauncher.Outcome outcome = launcher.run(role, StepArgs.of(args, keys), output, stop);
    if (outcome.status() != ExitStatus.OK || outcome.result() == null) {
      throw new PerfFailure("series step " + label + " failed (exit " + outcome.status() + "); the runs before it are "
          + "printed above");
    }
    rows.add(new SeriesTable.Row(label, outcome.result()));
    labels.add(sweep);
    return outcome.result();
  }

  private void writeJson() {
    if (json == null) {
      return;
    }
    try {
      SeriesJson.write(Path.of(json), rows, labels, plan, knee, tuned == null ? null : tuneWalk.toJson(tuned));
      output.out().println("result written to " + json);
    } catch (IOException e) {
      throw new PerfFailure("cannot write " + json + ": " + e);
    }
  }

  /** The swept value as JSON should show it: 2 stays 2 (a conditional expression would make it 2.0), text stays text. */
  /** The page with charts of every run against the step's label (the swept value, the rate, without/with). */
  private void writeReport(String header) {
    if (report == null) {
      return;
    }
    List<SeriesTable.Row> drawn = rows;
    String title = "perf series: " + header;
    if (plan instanceof SeriesPlan.Knee search) {
      // The search tries rates out of order (doubling, then bisecting): drawn by rate, a line, not a zig-zag;
      // the title says the target and the knee, the step labels which rates met it.
      drawn = rows.stream().sorted(java.util.Comparator.comparingInt(SeriesRunner::rate)).toList();
      title += " (target P999 <= " + millis(search.targetP999()) + "; knee: "
          + (knee == null ? "none met it" : knee.rps() + "/s") + ")";
    }
    List<RunResult> results = drawn.stream().map(SeriesTable.Row::result).toList();
    List<String> steps = drawn.stream().map(row -> plan instanceof SeriesPlan.Knee search
        ? row.label() + (knee != null && rate(row) == knee.rps() ? " knee"
            : KneeSearch.meets(search, row.result(), rate(row)) ? " met" : " missed")
        : row.label()).toList();
    SweepAxis sweep = new SweepAxis(header, steps);
    RunPairs pairs = null;
    TuneWalk.Report walkPage = tuned == null ? null : tuneWalk.report(tuned);
    if (walkPage != null && !walkPage.runs().isEmpty()) {
      // A walk's page: each step at its knee, not its dozens of runs; the confirmation's pairs apart from them.
      results = walkPage.runs();
      sweep = walkPage.steps();
      pairs = walkPage.confirmation();
      title = "perf tune: " + tuneWalk.transport() + ", knee by step (P999 <= " + millis(
          ((SeriesPlan.Tune) plan).targetP999()) + ")";
    }
    try {
      List<io.axle.perf.report.html.ExtraTable> tables = plan instanceof SeriesPlan.Compare compare
          ? List.of(CompareRatios.of(compare, rows.stream().map(SeriesTable.Row::result).toList()).table())
          : tuned != null ? List.of(tuneWalk.table(tuned)) : List.of();
      HtmlReport.write(Path.of(report), title, results, sweep, tables, pairs);
      output.out().println("report: " + report);
    } catch (IOException e) {
      throw new PerfFailure("cannot write " + report + ": " + e);
    }
  }

  /** An open-loop row's rate; 0 for a closed loop. */
  private static int rate(SeriesTable.Row row) {
    return row.result().openLoop() == null ? 0 : row.result().openLoop().rps();
  }

  private static Object number(String value) {
    BigDecimal number;
    try {
      number = new BigDecimal(value);
    } catch (NumberFormatException e) {
      return value;
    }
    if (number.scale() <= 0) {
      return number.longValueExact();
    }
    return number.doubleValue();
  }

  /** {@code 12.5ms}-style text of a duration, for messages. */
  static String millis(Duration duration) {
    return String.format(Locale.ROOT, "%.3f ms", duration.toNanos() / 1e6);
  }
}
