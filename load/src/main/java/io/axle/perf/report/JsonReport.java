package io.axle.perf.report;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The machine-readable result. Field names are a contract with the scripts that compare runs: add
 * fields freely, never rename or remove one. Vert.x's JSON keeps the demo free of another dependency.
 */
public final class JsonReport {

  private JsonReport() {
  }

  public static JsonObject toJson(RunResult result) {
    JsonArray windows = new JsonArray();
    for (WindowStats window : result.windows()) {
      JsonObject row = new JsonObject()
          .put("t_s", round(window.endSeconds(), 3))
          .put("tps", round(window.tps(), 1))
          .put("p99_ms", round(window.latency().p99(), 3))
          .put("avg_ms", round(window.latency().avg(), 3))
          .put("max_ms", round(window.latency().max(), 3))
          .put("requests", window.requests())
          .put("errors", window.errors());
      if (window.late() != WindowStats.NOT_COUNTED) {
        row.put("late", window.late());
      }
      if (Double.isFinite(window.consumerCpuPercent())) {
        row.put("cpu_percent", round(window.consumerCpuPercent(), 1));
      }
      if (Double.isFinite(window.producerCpuPercent())) {
        row.put("producer_cpu_percent", round(window.producerCpuPercent(), 1));
      }
      if (window.consumer() != null) {
        row.put("consumer", consumerJson(window.consumer()));
      }
      windows.add(row);
    }
    Latency latency = result.latency();
    JsonObject json = new JsonObject()
        .put("role", "consumer")
        .put("transport", result.transport())
        .put("mode", result.mode())
        .put("concurrency", result.concurrency())
        .put("request_size", result.requestSize())
        .put("warmup_s", round(result.warmupSeconds(), 3))
        .put("duration_s", round(result.durationSeconds(), 3))
        .put("requests", result.requests())
        .put("errors", result.errors())
        .put("tps", round(result.tps(), 1))
        .put("latency_ms", latencyJson(latency))
        .put("windows", windows);
    addOpenLoopAndLongTail(result, json);
    if (result.cpu() != null) {
      json.put("cpu", cpuJson(result.cpu()));
    }
    if (result.consumer() != null) {
      json.put("consumer", consumerJson(result.consumer()));
    }
    ProviderSummary provider = result.provider();
    if (provider != null) {
      JsonObject stages = new JsonObject();
      if (Double.isFinite(provider.queueUs())) {
        stages.put("queue", round(provider.queueUs(), 1));
      }
      if (Double.isFinite(provider.executeUs())) {
        stages.put("execute", round(provider.executeUs(), 1));
      }
      json.put("provider", new JsonObject()
              .put("windows", provider.windows())
              .put("requests", provider.count())
              .put("tps", round(provider.tps(), 1))
              .put("latency_ms", new JsonObject()
                  .put("avg", round(provider.avgMs(), 3))
                  .put("p99", round(provider.p99Ms(), 3)))
              .put("stages_us", stages))
          .put("gap_avg_ms", round(result.gapAvgMs(), 3));
      ConsumerWindow.GapParts parts = result.gapParts();
      if (parts != null) {
        json.put("gap_parts_ms", new JsonObject().put("caller", round(parts.callerMs(), 3))
            .put("consumer", round(parts.consumerMs(), 3)).put("outside", round(parts.outsideMs(), 3)));
      }
    }
    return json;
  }

  /**
   * The consumer process's own figures: {@code os_cpu_percent} (null when unknown), {@code threads},
   * {@code in_flight}, and with Axle's consumer row {@code axle_avg_ms}, {@code stages_us} and
   * {@code connections} ({@code "highway 127.0.0.1:7070": 4}).
   */
  static JsonObject consumerJson(ConsumerWindow consumer) {
    JsonObject json = new JsonObject().put("os_cpu_percent", roundOrNull(consumer.osCpuPercent(), 1))
        .put("threads", consumer.threads()).put("in_flight", consumer.inFlight());
    if (consumer.hasStages()) {
      JsonObject stages = new JsonObject();
      consumer.stagesUs().forEach((name, us) -> stages.put(name, round(us, 1)));
      json.put("axle_avg_ms", round(consumer.axleAvgUs() / 1000, 3)).put("stages_us", stages);
    }
    JsonObject connections = new JsonObject();
    consumer.connections().forEach(connections::put);
    JsonObject inFlight = new JsonObject();
    consumer.inFlightByEndpoint().forEach(inFlight::put);
    return json.put("connections", connections).put("in_flight_by_endpoint", inFlight);
  }

  /**
   * {@code {"consumer_us_per_request":3.1,"producer_us_per_request":2.4}}, a figure {@code null} where
   * unknown (the producer is not a child of this process, no request was measured).
   */
  public static JsonObject cpuJson(CpuPerRequest cpu) {
    return new JsonObject()
        .put("consumer_us_per_request", roundOrNull(cpu.consumerUs(), 2))
        .put("producer_us_per_request", roundOrNull(cpu.producerUs(), 2));
  }

  private static Double roundOrNull(double value, int decimals) {
    return Double.isFinite(value) ? round(value, decimals) : null;
  }

  private static JsonObject latencyJson(Latency latency) {
    return new JsonObject()
        .put("avg", round(latency.avg(), 3))
        .put("p50", round(latency.p50(), 3))
        .put("p90", round(latency.p90(), 3))
        .put("p99", round(latency.p99(), 3))
        .put("p999", round(latency.p999(), 3))
        .put("max", round(latency.max(), 3));
  }

  /**
   * Only the runs that use them get {@code rps} / {@code late} and {@code long_tail}; every run with a curve
   * gets {@code latency_curve}, pairs of [percentile, ms].
   */
  private static void addOpenLoopAndLongTail(RunResult result, JsonObject json) {
    OpenLoopResult openLoop = result.openLoop();
    if (openLoop != null) {
      json.put("rps", openLoop.rps())
          .put("late", openLoop.notOnTime())
          .put("not_sent", openLoop.unsent())
          .put("max_in_flight", openLoop.maxInFlight());
    }
    LongTailResult longTail = result.longTail();
    if (longTail != null) {
      json.put("long_tail", new JsonObject()
          .put("ratio", longTail.ratio())
          .put("delay_ms", longTail.delayMs())
          .put("requests", longTail.requests())
          .put("latency_ms", latencyJson(longTail.latency())));
    }
    LatencyCurve curve = result.latencyCurve();
    if (curve != null) {
      JsonArray points = new JsonArray();
      for (LatencyCurve.Point point : curve.points()) {
        points.add(new JsonArray().add(point.percentile()).add(round(point.ms(), 3)));
      }
      json.put("latency_curve", points);
    }
  }

  public static void write(RunResult result, Path file) throws IOException {
    write(toJson(result), file);
  }

  /** {@code json} (a result's, with what its caller adds) to {@code file}. */
  public static void write(JsonObject json, Path file) throws IOException {
    Files.writeString(file, json.encodePrettily() + "\n", StandardCharsets.UTF_8);
  }

  /** Rounded half-up, so that percentiles, each rounded alike, keep their order. */
  private static double round(double value, int decimals) {
    if (!Double.isFinite(value)) {
      return 0;
    }
    return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).doubleValue();
  }
}
