package io.axle.metrics.internal;

import io.axle.metrics.CpuStats;
import io.axle.metrics.NetworkStats;
import io.axle.metrics.OperationStats;
import io.axle.metrics.PoolStats;
import io.axle.metrics.StageStats;
import io.axle.metrics.Window;
import io.axle.policy.PolicyState;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.List;
import java.util.Locale;

/**
 * The JSON of a {@link Window}, as {@code GET /metrics/window} serves it (docs/metrics.md shows it);
 * {@code {"window":null}} before the first window. A figure the JVM cannot tell ({@code NaN}) is
 * {@code null}.
 */
public final class WindowJson {
  private WindowJson() {
  }

  public static JsonObject of(Window window) {
    if (window == null) {
      return new JsonObject().putNull("window");
    }
    CpuStats cpu = window.cpu();
    return new JsonObject()
        .put("start", window.start().toEpochMilli())
        .put("end", window.end().toEpochMilli())
        .put("duration_ms", window.duration().toNanos() / 1e6)
        .put("count", window.count())
        .put("operations", operations(window.operations()))
        .put("totals", operations(window.totals()))
        .put("pools", pools(window.pools()))
        .put("cpu", new JsonObject()
            .put("process_percent", finite(cpu.processPercent()))
            .put("os_percent", finite(cpu.osPercent()))
            .put("cores", finite(cpu.cores())))
        .put("network", network(window.network()))
        .put("policies", policies(window.policies()))
        .put("config", config(window));
  }

  /** The version in force at the window's close, and the one at its open when a change landed inside. */
  private static JsonObject config(Window window) {
    if (window.config() == null) {
      return null;
    }
    JsonObject config = version(window.config());
    if (window.spansConfigChange()) {
      config.put("from", version(window.configAtStart())).put("changes", new JsonArray(window.config().changes()));
    }
    return config;
  }

  private static JsonObject version(io.axle.config.ConfigVersion version) {
    return new JsonObject().put("version", version.number()).put("source", version.source())
        .put("hash", version.hash()).put("applied_at", version.appliedAt().toEpochMilli());
  }

  private static JsonArray policies(List<PolicyState> rows) {
    JsonArray array = new JsonArray();
    for (PolicyState policy : rows) {
      array.add(new JsonObject().put("name", policy.name()).put("state", policy.state()));
    }
    return array;
  }

  private static JsonArray network(List<NetworkStats> rows) {
    JsonArray array = new JsonArray();
    for (NetworkStats stats : rows) {
      array.add(new JsonObject()
          .put("transport", stats.transport())
          .put("side", stats.side())
          .put("endpoint", stats.endpoint())
          .put("bytes_in_per_s", finite(stats.bytesInPerSecond()))
          .put("bytes_out_per_s", finite(stats.bytesOutPerSecond()))
          .put("connections", stats.connections()));
    }
    return array;
  }

  private static JsonArray operations(List<OperationStats> rows) {
    JsonArray array = new JsonArray();
    for (OperationStats stats : rows) {
      JsonObject stages = new JsonObject();
      for (StageStats stage : stats.stages()) {
        stages.put(stage.name(), new JsonObject()
            .put("count", stage.count())
            .put("avg", finite(stage.avgMicros()))
            .put("max", finite(stage.maxMicros())));
      }
      JsonObject row = new JsonObject()
          .put("role", stats.role().name().toLowerCase(Locale.ROOT))
          .put("transport", stats.transport())
          .put("operation", stats.operation());
      if (stats.status() != null) {
        row.put("status", stats.status().name());
      }
      array.add(row
          .put("count", stats.count())
          .put("tps", finite(stats.tps()))
          .put("errors", stats.errors())
          .put("retries", stats.retries())
          .put("latency_ms", new JsonObject()
              .put("avg", finite(stats.avgMs()))
              .put("p50", finite(stats.p50Ms()))
              .put("p90", finite(stats.p90Ms()))
              .put("p99", finite(stats.p99Ms()))
              .put("p999", finite(stats.p999Ms()))
              .put("max", finite(stats.maxMs())))
          .put("stages_us", stages));
    }
    return array;
  }

  private static JsonArray pools(List<PoolStats> pools) {
    JsonArray array = new JsonArray();
    for (PoolStats pool : pools) {
      array.add(new JsonObject()
          .put("name", pool.name())
          .put("kind", pool.kind())
          .put("threads", pool.threads())
          .put("active", pool.active())
          .put("queued", pool.queued())
          .put("rejected", pool.rejected()));
    }
    return array;
  }

  private static Double finite(double value) {
    return Double.isFinite(value) ? value : null;
  }
}
