package io.axle.perf.series;

import io.axle.perf.report.CpuPerRequest;
import io.axle.perf.report.JsonReport;
import io.axle.perf.report.RunResult;
import io.axle.perf.report.TextReport;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Axle against its baseline, pair by pair: TPS ratio (Axle / baseline, below 1 is what Axle costs) and P99
 * ratio (Axle / baseline, above 1), CPU per request (consumer plus producer, Axle / baseline; known only
 * when the producer is a child of this process), and their medians over the pairs. The median, because a pair disturbed
 * by the machine (a GC, another process) moves it least; alternating the runs spreads slow drift of the
 * machine over both sides.
 *
 * @param axle the Axle transport of each pair's first run
 * @param against {@code baseline} or {@code baseline-rest}
 */
record CompareRatios(String axle, String against, List<Pair> pairs) {

  /** One pair's ratios; NaN where the baseline's figure was 0 or a figure is unknown. */
  record Pair(RunResult axle, RunResult baseline) {
    /** Both processes' CPU per request of the run, Axle / baseline. */
    double cpuRatio() {
      return ratio(cpu(axle).totalUs(), cpu(baseline).totalUs());
    }

    double tpsRatio() {
      return ratio(axle.tps(), baseline.tps());
    }

    double p99Ratio() {
      return ratio(axle.latency().p99(), baseline.latency().p99());
    }

    /** The producer's CPU per request alone, Axle's server against the raw echo, whatever drove them. */
    double producerCpuRatio() {
      return ratio(cpu(axle).producerUs(), cpu(baseline).producerUs());
    }
  }

  /** From a compare series' results, in run order: Axle, baseline, Axle, baseline, … */
  static CompareRatios of(SeriesPlan.Compare plan, List<RunResult> results) {
    List<Pair> pairs = new ArrayList<>();
    for (int i = 0; i + 1 < results.size(); i += 2) {
      pairs.add(new Pair(results.get(i), results.get(i + 1)));
    }
    return new CompareRatios(plan.axleTransport(), plan.against(), List.copyOf(pairs));
  }

  double tpsRatio() {
    return median(pairs.stream().mapToDouble(Pair::tpsRatio).toArray());
  }

  double p99Ratio() {
    return median(pairs.stream().mapToDouble(Pair::p99Ratio).toArray());
  }

  double cpuRatio() {
    return median(pairs.stream().mapToDouble(Pair::cpuRatio).toArray());
  }

  double producerCpuRatio() {
    return median(pairs.stream().mapToDouble(Pair::producerCpuRatio).toArray());
  }

  /**
   * Whether the baseline was the floor it is meant to be: Axle did not carry more calls than it. With one
   * blocking caller per call ({@code sync}), Axle's client waits more cheaply than the raw one (a {@code
   * CompletableFuture.join} per call), so the raw side can be the slower; the ratio then compares clients.
   */
  boolean baselineIsAFloor() {
    return !(tpsRatio() > 1);
  }

  /** The pairs' lowest and highest value of a ratio, {@code [low, high]}, NaN where unknown. */
  double[] range(java.util.function.ToDoubleFunction<Pair> ratio) {
    double[] values = pairs.stream().mapToDouble(ratio).filter(Double::isFinite).toArray();
    return values.length == 0 ? new double[] {Double.NaN, Double.NaN}
        : new double[] {java.util.Arrays.stream(values).min().orElseThrow(),
            java.util.Arrays.stream(values).max().orElseThrow()};
  }

  /** {@code " (pairs 0.610–0.702)"}: the spread a median comes from; "" for a single pair or none known. */
  private String spread(java.util.function.ToDoubleFunction<Pair> ratio) {
    double[] range = range(ratio);
    return pairs.size() < 2 || Double.isNaN(range[0]) ? ""
        : String.format(Locale.ROOT, " (pairs %.3f–%.3f)", range[0], range[1]);
  }

  /** A run's CPU figures, unknown when it has none. */
  private static CpuPerRequest cpu(RunResult run) {
    return run.cpu() != null ? run.cpu() : CpuPerRequest.UNKNOWN;
  }

  /** Two lines per pair (ratios, then CPU per request), then the medians. */
  String describe() {
    StringBuilder text = new StringBuilder();
    String ratio = axle + "/" + against;
    for (int i = 0; i < pairs.size(); i++) {
      Pair pair = pairs.get(i);
      text.append(String.format(Locale.ROOT, "compare pair %d: %s tps %s (%.1f / %.1f), p99 %s (%.3f / %.3f ms)%n",
          i + 1, ratio, format(pair.tpsRatio()), pair.axle().tps(), pair.baseline().tps(), format(pair.p99Ratio()),
          pair.axle().latency().p99(), pair.baseline().latency().p99()));
      text.append(cpuLine(pair)).append(System.lineSeparator());
    }
    double cpuRatio = cpuRatio();
    text.append(String.format(Locale.ROOT,
        "compare median of %d pairs: %s tps ratio %s%s, p99 ratio %s%s, cpu/request ratio %s", pairs.size(), ratio,
        format(tpsRatio()), spread(Pair::tpsRatio), format(p99Ratio()), spread(Pair::p99Ratio),
        Double.isNaN(cpuRatio) ? "n/a (needs both processes' CPU: --loopback)" : format(cpuRatio) + spread(Pair::cpuRatio)));
    if (!baselineIsAFloor()) {
      double producer = producerCpuRatio();
      text.append(System.lineSeparator()).append(String.format(Locale.ROOT,
          "the baseline is no floor in this run: Axle carried more calls than it (tps ratio %s), so the ratios "
              + "compare the two clients with these callers (sync callers: the raw client blocks on a "
              + "CompletableFuture per call, costlier than Axle's); the servers alone: producer cpu/request ratio %s;"
              + " for a floor, run the comparison with --sync=false",
          format(tpsRatio()), Double.isNaN(producer) ? "n/a (needs --loopback)" : format(producer)));
    }
    return text.toString();
  }

  /**
   * e.g. {@code   cpu/request 1.571 (5.5 / 3.5 µs; consumer 3.1 / 2.0 µs, producer 2.4 / 1.5 µs)}: the ratio
   * of both processes' CPU per request, Axle / baseline, then each side's figures, Axle / baseline.
   */
  private static String cpuLine(Pair pair) {
    CpuPerRequest axle = cpu(pair.axle());
    CpuPerRequest baseline = cpu(pair.baseline());
    String consumer = "consumer " + us(axle.consumerUs()) + " / " + TextReport.cpuUs(baseline.consumerUs());
    if (!axle.producerKnown() && !baseline.producerKnown()) {
      return "  cpu/request " + consumer + ", " + TextReport.PRODUCER_CPU_UNKNOWN;
    }
    return String.format(Locale.ROOT, "  cpu/request %s (%s / %s; %s, producer %s / %s)", format(pair.cpuRatio()),
        us(axle.totalUs()), TextReport.cpuUs(baseline.totalUs()), consumer, us(axle.producerUs()),
        TextReport.cpuUs(baseline.producerUs()));
  }

  /** The Axle side of {@code a / b µs}: the number alone, the unit coming after the baseline's. */
  private static String us(double micros) {
    return Double.isFinite(micros) ? String.format(Locale.ROOT, "%.1f", micros) : "n/a";
  }

  /** The ratios as the report's table: a row per pair, then the medians with the pairs' spread. */
  io.axle.perf.report.html.ExtraTable table() {
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < pairs.size(); i++) {
      Pair pair = pairs.get(i);
      rows.add(List.of("pair " + (i + 1), format(pair.tpsRatio()), format(pair.p99Ratio()), format(pair.cpuRatio()),
          format(pair.producerCpuRatio())));
    }
    rows.add(List.of("median", format(tpsRatio()) + spread(Pair::tpsRatio), format(p99Ratio()) + spread(Pair::p99Ratio),
        format(cpuRatio()) + spread(Pair::cpuRatio), format(producerCpuRatio()) + spread(Pair::producerCpuRatio)));
    return new io.axle.perf.report.html.ExtraTable("compare", axle + " against " + against + ": ratios, Axle / "
        + against + (baselineIsAFloor() ? "" : " (the baseline was no floor in this run: see the output)"),
        List.of("pair", "TPS ratio", "P99 ratio", "CPU/request ratio", "producer CPU/request ratio"), rows);
  }

  /**
   * {@code {"against":…,"transport":…,"tps_ratio":…,"p99_ratio":…,"cpu_ratio":…,"pairs":[{"tps_ratio":…,
   * "p99_ratio":…,"cpu_ratio":…,"cpu":{"axle":{…},"baseline":{…}}},…]}}, the runs' CPU figures as in a
   * run's {@code "cpu"} ({@link JsonReport#cpuJson}); {@code cpu_ratio} null unless both sides' CPU is known.
   */
  JsonObject toJson() {
    JsonArray pairsJson = new JsonArray();
    for (Pair pair : pairs) {
      pairsJson.add(new JsonObject().put("tps_ratio", json(pair.tpsRatio())).put("p99_ratio", json(pair.p99Ratio()))
          .put("cpu_ratio", json(pair.cpuRatio()))
          .put("cpu", new JsonObject().put("axle", JsonReport.cpuJson(cpu(pair.axle())))
              .put("baseline", JsonReport.cpuJson(cpu(pair.baseline())))));
    }
    return new JsonObject().put("against", against).put("transport", axle).put("tps_ratio", json(tpsRatio()))
        .put("tps_ratio_range", rangeJson(Pair::tpsRatio)).put("p99_ratio", json(p99Ratio()))
        .put("p99_ratio_range", rangeJson(Pair::p99Ratio)).put("cpu_ratio", json(cpuRatio()))
        .put("producer_cpu_ratio", json(producerCpuRatio())).put("baseline_is_floor", baselineIsAFloor())
        .put("pairs", pairsJson);
  }

  /** The middle value (the mean of the middle two for an even count); NaN values sort last and count. */
  static double median(double[] values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    java.util.Arrays.sort(sorted);
    int middle = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  private static double ratio(double axle, double baseline) {
    return baseline > 0 ? axle / baseline : Double.NaN;
  }

  private static String format(double ratio) {
    return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%.3f", ratio);
  }

  /** {@code [low, high]} of the pairs, or null when unknown. */
  private JsonArray rangeJson(java.util.function.ToDoubleFunction<Pair> ratio) {
    double[] range = range(ratio);
    return Double.isNaN(range[0]) ? null : new JsonArray().add(json(range[0])).add(json(range[1]));
  }

  /** JSON has no NaN: null instead. */
  private static Double json(double ratio) {
    return Double.isFinite(ratio) ? Math.round(ratio * 1e4) / 1e4 : null;
  }
}
