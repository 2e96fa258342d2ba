package io.axle.perf.series;

import io.axle.perf.report.JsonReport;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A series as JSON: {@code {"runs":[…]}} of single-run objects ({@link JsonReport}), a sweep's runs with
 * {@code "sweep":{"key":…,"value":…,"round":…}} (the round with several) and, with several rounds, {@code
 * "sweep_summary":[{"value":…,"runs":…,"tps":{"median","min","max"},"p99_ms":{…},"p999_ms":{…}}]}, and for a knee search {@code "knee":{"target_p999_ms":…,"rps":…}}
 * ({@code rps} null when no rate met the target), and for a comparison with the baseline
 * {@code "compare":{"against":…,"tps_ratio":…,"p99_ratio":…,"cpu_ratio":…,"pairs":[…]}}
 * ({@link CompareRatios}), for the overload scenario {@code "overload":{…}} ({@link OverloadVerdict}), and for
 * {@code --tune} {@code "tune":{…}} ({@link TuneWalk#toJson}).
 */
final class SeriesJson {

  private SeriesJson() {
  }

  static JsonObject toJson(List<SeriesTable.Row> rows, List<Map<String, Object>> sweeps, SeriesPlan plan,
      KneeSearch.Knee knee, JsonObject tune) {
    JsonArray runs = new JsonArray();
    for (int i = 0; i < rows.size(); i++) {
      JsonObject run = JsonReport.toJson(rows.get(i).result());
      if (!sweeps.get(i).isEmpty()) {
        run.put(plan instanceof SeriesPlan.Tune ? "tune" : "sweep", new JsonObject(sweeps.get(i)));
      }
      runs.add(run);
    }
    JsonObject json = new JsonObject().put("runs", runs);
    if (plan instanceof SeriesPlan.Sweep sweep && sweep.rounds() > 1) {
      json.put("sweep_summary", SweepMedians.of(sweep, rows.stream().map(SeriesTable.Row::result).toList()).toJson());
    }
    if (tune != null) {
      json.put("tune", tune);
    }
    if (plan instanceof SeriesPlan.Knee search) {
      json.put("knee", new JsonObject()
          .put("target_p999_ms", search.targetP999().toNanos() / 1e6)
          .put("rps", knee == null ? null : knee.rps()));
    }
    if (plan instanceof SeriesPlan.Compare compare) {
      json.put("compare", CompareRatios.of(compare, rows.stream().map(SeriesTable.Row::result).toList()).toJson());
    }
    if (plan instanceof SeriesPlan.Overload overload && rows.size() == 4) {
      json.put("overload", OverloadVerdict.of(overload, rows.stream().map(SeriesTable.Row::result).toList()).toJson());
    }
    return json;
  }

  static void write(Path file, List<SeriesTable.Row> rows, List<Map<String, Object>> sweeps, SeriesPlan plan,
      KneeSearch.Knee knee, JsonObject tune) throws IOException {
    Files.writeString(file, toJson(rows, sweeps, plan, knee, tune).encodePrettily() + "\n", StandardCharsets.UTF_8);
  }
}
