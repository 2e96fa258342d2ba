package io.axle.perf.series;

import io.axle.perf.report.RunResult;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * A sweep of several rounds, per value: the median of its runs with their spread (min-max), for TPS, P99 and
 * P999. The rounds run the values in rotated orders, so a value's runs sit early and late in the consumer's
 * life alike, and its median does not depend on where it stands in the list (issue 20: a consumer that kept
 * warming through a series gave the same value 42.4k first and 51.1k last).
 */
final class SweepMedians {
  /** One value's runs. */
  record Value(String value, List<RunResult> runs) {
  }

  private final String key;
  private final List<Value> values;

  SweepMedians(String key, List<Value> values) {
    this.key = key;
    this.values = List.copyOf(values);
  }

  /** The median, min and max of {@code figure} over a value's runs. */
  record Spread(double median, double min, double max) {
    static Spread of(List<RunResult> runs, ToDoubleFunction<RunResult> figure) {
      double[] sorted = runs.stream().mapToDouble(figure).sorted().toArray();
      int n = sorted.length;
      double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
      return new Spread(median, sorted[0], sorted[n - 1]);
    }

    /** Whether {@code value} lies within this spread. */
    boolean contains(double value) {
      return value >= min && value <= max;
    }

    JsonObject toJson() {
      return new JsonObject().put("median", median).put("min", min).put("max", max);
    }
  }

  Spread tps(int value) {
    return Spread.of(values.get(value).runs(), RunResult::tps);
  }

  Spread p99(int value) {
    return Spread.of(values.get(value).runs(), r -> r.latency().p99());
  }

  Spread p999(int value) {
    return Spread.of(values.get(value).runs(), r -> r.latency().p999());
  }

  String render() {
    int width = Math.max(key.length(), values.stream().mapToInt(v -> v.value().length()).max().orElse(0));
    StringBuilder table = new StringBuilder();
    table.append(String.format(Locale.ROOT, "%-" + width + "s %4s  %-28s %-26s %-26s%n", key, "runs",
        "tps median [min-max]", "p99_ms median [min-max]", "p999_ms median [min-max]"));
    for (int i = 0; i < values.size(); i++) {
      table.append(String.format(Locale.ROOT, "%-" + width + "s %4d  %-28s %-26s %-26s%n", values.get(i).value(),
          values.get(i).runs().size(), text(tps(i), "%.1f"), text(p99(i), "%.3f"), text(p999(i), "%.3f")));
    }
    table.append("(each value's runs in rotated orders, so none is always first or last: compare medians, and "
        + "call two values apart only where their spreads do not overlap)");
    return table.toString();
  }

  private static String text(Spread spread, String format) {
    return String.format(Locale.ROOT, format + " [" + format + "-" + format + "]", spread.median(), spread.min(),
        spread.max());
  }

  JsonArray toJson() {
    JsonArray array = new JsonArray();
    for (int i = 0; i < values.size(); i++) {
      array.add(new JsonObject().put("value", values.get(i).value()).put("runs", values.get(i).runs().size())
          .put("tps", tps(i).toJson()).put("p99_ms", p99(i).toJson()).put("p999_ms", p999(i).toJson()));
    }
    return array;
  }

  /** The runs of each value of {@code sweep}, from the series' results in the order they ran. */
  static SweepMedians of(SeriesPlan.Sweep sweep, List<RunResult> inRunOrder) {
    List<List<RunResult>> byValue = new ArrayList<>();
    for (int i = 0; i < sweep.values().size(); i++) {
      byValue.add(new ArrayList<>());
    }
    int run = 0;
    for (int round = 0; round < sweep.rounds() && run < inRunOrder.size(); round++) {
      for (int index : sweep.order(round)) {
        if (run < inRunOrder.size()) {
          byValue.get(index).add(inRunOrder.get(run++));
        }
      }
    }
    List<Value> values = new ArrayList<>();
    for (int i = 0; i < byValue.size(); i++) {
      values.add(new Value(sweep.values().get(i), byValue.get(i)));
    }
    return new SweepMedians(sweep.key(), values);
  }
}
