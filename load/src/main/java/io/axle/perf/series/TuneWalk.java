package io.axle.perf.series;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfKeys;
import io.axle.perf.report.CpuPerRequest;
import io.axle.perf.report.RunResult;
import io.axle.perf.report.TextReport;
import io.axle.perf.report.html.RunPairs;
import io.axle.perf.report.html.SweepAxis;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code --loopback --tune}: the knobs that matter for the transport the consumer calls over, each configuration
 * measured by a knee search (open-loop runs, each with a fresh producer that gets the configuration's keys), the
 * walk printed as a table and the best configuration as a {@code microservice.yaml} fragment. The search itself is
 * {@link TuneSearch}'s.
 */
final class TuneWalk {
  /** Runs one step of the series: its label, the keys it sets, what the JSON says of it. */
  @FunctionalInterface
  interface Stepper {
    RunResult step(String label, Map<String, String> keys, Map<String, Object> json);
  }

  /** Closed-loop pairs, the starting configuration then the best, that measure the walk's gain at its end. */
  static final int CONFIRM_PAIRS = 2;

  /**
   * The walk's gain, measured again at its end in the walk's own closed loop (the command line's callers): the
   * starting configuration and the best alternated, {@link #CONFIRM_PAIRS} times.
   */
  record Confirmation(List<RunResult> start, List<RunResult> best) {
    double tpsRatio() {
      return CompareRatios.median(ratios(RunResult::tps));
    }

    double p99Ratio() {
      return CompareRatios.median(ratios(r -> r.latency().p99()));
    }

    /** Each pair's best / start. */
    double[] ratios(java.util.function.ToDoubleFunction<RunResult> figure) {
      double[] ratios = new double[start.size()];
      for (int i = 0; i < ratios.length; i++) {
        double base = figure.applyAsDouble(start.get(i));
        ratios[i] = base > 0 ? figure.applyAsDouble(best.get(i)) / base : Double.NaN;
      }
      return ratios;
    }
  }

  /** Each run's measured time and warm-up when the user set neither: a walk makes dozens of runs. */
  static final java.time.Duration RUN_DURATION = java.time.Duration.ofSeconds(3);
  static final java.time.Duration RUN_WARMUP = java.time.Duration.ofSeconds(2);

  private final SeriesPlan.Tune plan;
  private final AxleConfig config;
  private final String[] args;
  private final Stepper stepper;
  private final String transport;
  private final List<TuneSearch.Knob> knobs;
  /** The length every run gets: short, unless the command line chose it. */
  private final Map<String, String> runLength = new LinkedHashMap<>();
  private int evaluation;
  /** The closed-loop run that warmed the process up and placed the first knee search; null when not made. */
  private RunResult capacity;
  private Confirmation confirmation;

  TuneWalk(SeriesPlan.Tune plan, AxleConfig config, String[] args, Stepper stepper) {
    this.plan = plan;
    this.config = config;
    this.args = args.clone();
    this.stepper = stepper;
    this.transport = config.get(CoreConfigKeys.REFERENCES_TRANSPORT);
    this.knobs = knobs(transport);
    // The perf jar's own defaults, 5 s + 30 s, would make a walk of dozens of runs last an hour.
    if (!onCommandLine(PerfKeys.DURATION.name())) {
      runLength.put(PerfKeys.DURATION.name(), TextReport.duration(RUN_DURATION));
    }
    if (!onCommandLine(PerfKeys.WARMUP.name())) {
      runLength.put(PerfKeys.WARMUP.name(), TextReport.duration(RUN_WARMUP));
    }
  }

  /**
   * The knobs worth turning for {@code transport}, in the order they are tried: where handlers run first (the
   * largest effect in docs/tuning.md's walk), then the server's loops, then the client's loops and connections.
   */
  static List<TuneSearch.Knob> knobs(String transport) {
    List<TuneSearch.Knob> knobs = new ArrayList<>();
    knobs.add(new TuneSearch.Knob("axle.executors.default", List.of("group", "inline", "virtual")));
    if ("rest".equals(transport)) {
      knobs.add(new TuneSearch.Knob("axle.rest.server.thread-count", List.of("1", "2", "4")));
      knobs.add(new TuneSearch.Knob("axle.rest.client.protocol", List.of("http1", "h2c")));
      knobs.add(new TuneSearch.Knob("axle.rest.client.thread-count", List.of("1", "2", "4")));
      knobs.add(new TuneSearch.Knob("axle.rest.client.connection.maxPoolSize", List.of("1", "5", "10", "20")));
    } else {
      knobs.add(new TuneSearch.Knob("axle.highway.server.thread-count", List.of("1", "2", "4")));
      knobs.add(new TuneSearch.Knob("axle.highway.client.thread-count", List.of("1", "2", "4", "8")));
    }
    knobs.add(new TuneSearch.Knob("axle.executor.default.group", List.of("1", "2", "4")));
    knobs.add(new TuneSearch.Knob("axle.executor.default.thread-per-group", List.of("2", "4", "8", "16")));
    return List.copyOf(knobs);
  }

  TuneSearch.Walk run() {
    Map<String, String> current = new LinkedHashMap<>();
    for (TuneSearch.Knob knob : knobs) {
      current.put(knob.key(), currentValue(knob.key()));
    }
    int startRps = plan.startRps();
    long deadline = System.nanoTime() + plan.budget().toNanos();
    // Without a start rate on the command line, one closed-loop run of the starting configuration: it warms this
    // process up (its first runs are slower), and half its TPS is where the first knee search starts, instead of
    // doubling up from knee.start-rps through a dozen runs.
    if (!onCommandLine(PerfKeys.KNEE_START_RPS.name())) {
      capacity = closedLoop("tune: capacity as configured (closed loop)", Map.of(), "capacity");
      startRps = Math.max(plan.startRps(), (int) (capacity.tps() / 2));
    }
    TuneSearch.Walk walk = new TuneSearch(knobs, current, this::evaluate, startRps, System::nanoTime,
        Math.max(0, deadline - System.nanoTime()), capacity != null).run();
    confirmation = confirm(walk);
    return walk;
  }

  /**
   * The gain, measured again: when the walk kept a change, {@link #CONFIRM_PAIRS} closed-loop pairs of the starting
   * configuration and the best, alternated (after the budget: the walk's verdict is not changed by them).
   */
  private Confirmation confirm(TuneSearch.Walk walk) {
    if (walk.best().isEmpty()) {
      return null;
    }
    List<RunResult> start = new ArrayList<>();
    List<RunResult> best = new ArrayList<>();
    for (int pair = 1; pair <= CONFIRM_PAIRS; pair++) {
      start.add(closedLoop("tune: confirm " + pair + ", as configured (closed loop)", Map.of(), "confirm start"));
      best.add(closedLoop("tune: confirm " + pair + ", best (closed loop)", walk.best(), "confirm best"));
    }
    return new Confirmation(List.copyOf(start), List.copyOf(best));
  }

  /** One closed-loop run (the command line's callers) with {@code changes}, at the walk's run length. */
  private RunResult closedLoop(String label, Map<String, String> changes, String role) {
    Map<String, String> keys = new LinkedHashMap<>(changes);
    keys.putAll(runLength);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("tune", role);
    json.put("changes", new TreeMap<>(changes));
    return stepper.step(label, keys, json);
  }

  /** The value a key has in the starting configuration: the user's, else its default. */
  private String currentValue(String key) {
    return config.getRaw(key).orElseGet(() -> SeriesPlan.knownKeys().stream().filter(k -> k.name().equals(key))
        .findFirst().flatMap(ConfigKey::defaultValue).map(String::valueOf).orElse(""));
  }

  /**
   * One configuration's knee: a knee search whose every run sets the configuration's changes. With a rate to beat,
   * one run at that rate first: a configuration that misses it cannot be kept, so its knee is not looked for.
   */
  private TuneSearch.Evaluation evaluate(Map<String, String> changes, int startRps, int mustBeat) {
    int number = ++evaluation;
    String what = changes.isEmpty() ? "as configured" : changes.toString().replaceAll("[{}]", "");
    java.util.function.IntFunction<RunResult> runAt = rps -> {
      Map<String, String> keys = new LinkedHashMap<>(changes);
      keys.put(SeriesRunner.RPS, Integer.toString(rps));
      keys.putAll(runLength);
      Map<String, Object> json = new LinkedHashMap<>();
      json.put("evaluation", number);
      json.put("changes", new TreeMap<>(changes));
      return stepper.step("tune " + number + " (" + what + ") " + rps + "/s", keys, json);
    };
    SeriesPlan.Knee knee = new SeriesPlan.Knee(plan.targetP999(), mustBeat > 0 ? mustBeat : startRps,
        plan.maxSteps());
    // A miss is run once more before it counts: one hiccup (a collection, the other process scheduled in) over a
    // short run's P999 would otherwise send the search down, and the walk would measure the host, not the knob.
    java.util.function.IntFunction<RunResult> confirmed = rps -> {
      RunResult result = runAt.apply(rps);
      return KneeSearch.meets(knee, result, rps) ? result : runAt.apply(rps);
    };
    if (mustBeat > 0) {
      RunResult first = confirmed.apply(mustBeat);
      if (!KneeSearch.meets(knee, first, mustBeat)) {
        return new TuneSearch.Evaluation(mustBeat, first, true);
      }
    }
    KneeSearch search = new KneeSearch(knee, confirmed, TuneSearch.RESOLUTION);
    KneeSearch.Knee found = search.run();
    return new TuneSearch.Evaluation(found == null ? 0 : found.rps(), found == null ? null : found.result());
  }

  private boolean onCommandLine(String key) {
    return java.util.Arrays.stream(args).anyMatch(arg -> arg.equals("--" + key) || arg.startsWith("--" + key + "="));
  }

  /** The walk as a table, the verdict on noise and budget, and the fragment to paste. */
  String describe(TuneSearch.Walk walk) {
    StringBuilder text = new StringBuilder();
    text.append(String.format(Locale.ROOT, "tune walk (%s, knee = the highest rate with P999 <= %s):%n", transport,
        SeriesRunner.millis(plan.targetP999())));
    text.append(String.format(Locale.ROOT, "%4s  %-40s %-13s %10s %9s %9s %14s  %s%n", "step", "knob", "value",
        "knee_rps", "p99_ms", "p999_ms", "cpu_us c/p", "kept or reverted, and why"));
    for (TuneSearch.Step step : walk.steps()) {
      RunResult at = step.result().at();
      CpuPerRequest cpu = at == null ? null : at.cpu();
      text.append(String.format(Locale.ROOT, "%4d  %-40s %-13s %10s %9s %9s %14s  %s%n", step.number(), step.knob(),
          step.value(), (step.result().below() ? "< " : "") + step.result().knee(), at == null ? "-" : fixed(at.latency().p99()),
          at == null ? "-" : fixed(at.latency().p999()), cpu == null ? "-" : us(cpu.consumerUs()) + "/"
              + us(cpu.producerUs()), step.why()));
    }
    text.append(String.format(Locale.ROOT, "noise: %.0f%% between three knee searches of the starting configuration"
        + "; a change is kept when it beats the best by more (and by at least %.0f%%, the searches' resolution)%n",
        100 * walk.noise(), 100 * TuneSearch.RESOLUTION));
    if (walk.tooNoisy()) {
      text.append(String.format(Locale.ROOT, "the host is noisy (over %d%%): a change had to beat the highest knee the "
          + "starting configuration reached (%d), by the noise again; only large effects show. For finer ones: a "
          + "quieter machine, a looser --tune.target-p999 (a short run's P999 here is a few hiccups), or a longer "
          + "--duration%n", Math.round(100 * TuneSearch.TOO_NOISY), walk.startHighest()));
    }
    if (walk.outOfBudget()) {
      text.append("tune.budget (").append(plan.budget()).append(") spent before every knob was tried: the best so far "
          + "is reported").append('\n');
    }
    text.append(String.format(Locale.ROOT, "best: %d requests/s at P999 <= %s, against %d as configured (%s)%n",
        walk.bestKnee(), SeriesRunner.millis(plan.targetP999()), walk.startKnee(),
        walk.startKnee() == 0 ? "no rate met the target as configured"
            : String.format(Locale.ROOT, "%.2fx", (double) walk.bestKnee() / walk.startKnee())));
    if (capacity != null) {
      text.append(String.format(Locale.ROOT, "capacity as configured: %.0f requests/s in a closed loop; the first knee "
          + "search started at half of it%n", capacity.tps()));
    }
    if (confirmation != null) {
      double[] tps = confirmation.ratios(RunResult::tps);
      text.append(String.format(Locale.ROOT, "gain over the starting configuration, measured again: TPS %.2fx (pairs "
          + "%s), P99 %.2fx, in the walk's closed loop, %d pairs of the two configurations alternated%n",
          confirmation.tpsRatio(), pairList(tps), confirmation.p99Ratio(), tps.length));
    } else {
      text.append("gain over the starting configuration: none to measure (no change was kept)\n");
    }
    text.append("microservice.yaml (the knobs tuned, at their best values; # changed marks what the walk changed):\n");
    text.append(yaml(best(walk), walk.best().keySet()));
    return text.toString();
  }

  /** Every knob at its best value: changed where the walk kept a change, else as configured. */
  Map<String, String> best(TuneSearch.Walk walk) {
    Map<String, String> best = new LinkedHashMap<>();
    for (TuneSearch.Knob knob : knobs) {
      best.put(knob.key(), walk.best().getOrDefault(knob.key(), currentValue(knob.key())));
    }
    return best;
  }

  /** Dotted keys as nested YAML, in key order. */
  static String yaml(Map<String, String> keys, java.util.Set<String> changed) {
    StringBuilder yaml = new StringBuilder();
    List<String> open = new ArrayList<>();
    for (Map.Entry<String, String> entry : new TreeMap<>(keys).entrySet()) {
      String[] parts = entry.getKey().split("\\.");
      int shared = 0;
      while (shared < open.size() && shared < parts.length - 1 && open.get(shared).equals(parts[shared])) {
        shared++;
      }
      while (open.size() > shared) {
        open.remove(open.size() - 1);
      }
      for (int i = shared; i < parts.length - 1; i++) {
        yaml.append("  ".repeat(i)).append(parts[i]).append(":\n");
        open.add(parts[i]);
      }
      yaml.append("  ".repeat(parts.length - 1)).append(parts[parts.length - 1]).append(": ").append(entry.getValue())
          .append(changed.contains(entry.getKey()) ? "  # changed" : "").append('\n');
    }
    return yaml.toString();
  }

  /** The walk as JSON, for the series document. */
  JsonObject toJson(TuneSearch.Walk walk) {
    JsonArray steps = new JsonArray();
    for (TuneSearch.Step step : walk.steps()) {
      steps.add(new JsonObject().put("step", step.number()).put("knob", step.knob()).put("value", step.value())
          .put("knee_rps", step.result().knee()).put("kept", step.kept()).put("why", step.why()));
    }
    return new JsonObject().put("transport", transport).put("target_p999_ms", plan.targetP999().toNanos() / 1e6)
        .put("noise", walk.noise()).put("too_noisy", walk.tooNoisy()).put("out_of_budget", walk.outOfBudget())
        .put("start_knee_rps", walk.startKnee()).put("best_knee_rps", walk.bestKnee())
        .put("best", new JsonObject(new LinkedHashMap<String, Object>(best(walk)))).put("steps", steps)
        .put("capacity_tps", capacity == null ? null : Math.round(capacity.tps()))
        .put("confirm", confirmation == null ? null : new JsonObject()
            .put("pairs", confirmation.start().size())
            .put("tps_ratio", Math.round(confirmation.tpsRatio() * 1e4) / 1e4)
            .put("p99_ratio", Math.round(confirmation.p99Ratio() * 1e4) / 1e4)
            .put("tps_ratios", new JsonArray(java.util.Arrays.stream(confirmation.ratios(RunResult::tps))
                .mapToObj(r -> (Object) (Math.round(r * 1e4) / 1e4)).toList())));
  }

  private static String pairList(double[] ratios) {
    StringBuilder list = new StringBuilder();
    for (double ratio : ratios) {
      list.append(list.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.2f", ratio));
    }
    return list.toString();
  }

  /**
   * The walk's page: its runs (one per step with a knee, the run at it), the steps as the series' axis, each marked
   * {@code kept} or {@code reverted} (the starting configuration's searches unmarked), and the confirmation's pairs,
   * null without one.
   */
  record Report(List<RunResult> runs, SweepAxis steps, RunPairs confirmation) {
  }

  /**
   * The walk's page: one run per step, the run at its knee (a step without one is left out), labelled with the
   * step, so the page's "by step" charts draw the knee rate step by step, kept and reverted steps marked, and the
   * curves compare the configurations at their knees. The confirmation's closed-loop pairs are drawn apart: on the
   * steps' line a closed loop's rate, half a knee's, read as the best configuration losing half its rate.
   */
  Report report(TuneSearch.Walk walk) {
    List<RunResult> runs = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    List<String> marks = new ArrayList<>();
    for (TuneSearch.Step step : walk.steps()) {
      if (step.result().at() != null && !step.result().below()) {
        boolean change = !step.knob().equals("start") && !step.knob().equals("warm-up");
        runs.add(step.result().at());
        labels.add(step.number() + (change ? " " + shortName(step.knob()) + "=" + step.value()
            + (step.kept() ? " kept" : "") : " " + step.knob()));
        marks.add(!change ? "" : step.kept() ? "kept" : "reverted");
      }
    }
    RunPairs pairs = confirmation == null ? null : new RunPairs("The gain, measured again: the starting configuration "
        + "and the best in closed-loop pairs", "as configured", "best", confirmation.start(), confirmation.best());
    return new Report(List.copyOf(runs), runs.isEmpty() ? null : new SweepAxis("tune step", labels, marks), pairs);
  }

  /** The walk's table for the page: as printed, a row per step. */
  io.axle.perf.report.html.ExtraTable table(TuneSearch.Walk walk) {
    List<List<String>> rows = new ArrayList<>();
    for (TuneSearch.Step step : walk.steps()) {
      RunResult at = step.result().at();
      rows.add(List.of(Integer.toString(step.number()), step.knob(), step.value(),
          (step.result().below() ? "< " : "") + step.result().knee(), at == null ? "-" : fixed(at.latency().p999()),
          step.why()));
    }
    return new io.axle.perf.report.html.ExtraTable("tune-walk", String.format(Locale.ROOT,
        "the walk: best %d requests/s against %d as configured (P999 <= %s)", walk.bestKnee(), walk.startKnee(),
        SeriesRunner.millis(plan.targetP999())), List.of("step", "knob", "value", "knee rps", "P999 ms", "why"), rows);
  }

  /** A knob's name on the page's axis, short enough for its slot: {@code server loops} for the server's thread count. */
  static String shortName(String key) {
    return switch (key) {
      case "axle.executors.default" -> "executor";
      case "axle.highway.server.thread-count", "axle.rest.server.thread-count" -> "server loops";
      case "axle.highway.client.thread-count", "axle.rest.client.thread-count" -> "client loops";
      case "axle.rest.client.protocol" -> "protocol";
      case "axle.rest.client.connection.maxPoolSize" -> "pool";
      case "axle.executor.default.group" -> "groups";
      case "axle.executor.default.thread-per-group" -> "threads/group";
      default -> key.startsWith("axle.") ? key.substring("axle.".length()) : key;
    };
  }

  /**
   * The producer's keys for a run of the walk ({@code -c --tune} sends them to the producer's control): every
   * producer knob at the run's value, else its starting one, so the producer runs what the walk thinks it runs
   * whatever its own command line said.
   */
  Map<String, String> producerKeys(Map<String, String> stepKeys) {
    Map<String, String> keys = new LinkedHashMap<>();
    for (TuneSearch.Knob knob : knobs) {
      String value = stepKeys.getOrDefault(knob.key(), currentValue(knob.key()));
      // A key without a value here has a default worked out at start (event loops: the cores): the producer's own.
      // A client's knobs are the consumer's alone: the producer calls no one, and need not restart for them.
      if (PerfKeys.isProducerKey(knob.key()) && !knob.key().contains(".client.") && !value.isEmpty()) {
        keys.put(knob.key(), value);
      }
    }
    return keys;
  }

  /** The transport the walk tuned. */
  String transport() {
    return transport;
  }

  /** The confirmation's figures, null when there is none. */
  Confirmation confirmation() {
    return confirmation;
  }

  private static String fixed(double millis) {
    return String.format(Locale.ROOT, "%.3f", millis);
  }

  private static String us(double micros) {
    return Double.isFinite(micros) ? String.format(Locale.ROOT, "%.1f", micros) : "-";
  }
}
