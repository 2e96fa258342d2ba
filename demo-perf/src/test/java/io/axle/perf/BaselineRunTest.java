package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -c --baseline}, {@code -c --baseline-rest} and {@code -c --compare=…} against a real producer on
 * loopback: the load engine drives the raw echoes as it drives Axle, and a comparison alternates the two.
 */
@Tag("slow")
class BaselineRunTest {
  @RegisterExtension
  static final SharedProducer shared = new SharedProducer(Map.of());
  @RegisterExtension
  final PerfBooks books = new PerfBooks();
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void baseline_syncAndAsync_withoutErrors(@TempDir Path dir) throws Exception {
    for (String mode : new String[] {"--sync=true", "--sync=false"}) {
      ConsumerRun run = ConsumerRun.against(shared.get(), dir, "--baseline", mode, "--duration=1s", "--sync-count=4",
          "--async-count=8", "--axle.highway.client.thread-count=2");

      assertThat(run.output()).contains("over baseline", "provider figures: none");
      assertThat(run.json().getString("transport")).isEqualTo("baseline");
      assertThat(run.json().getLong("requests")).isPositive();
      assertThat(run.json().getLong("errors")).isZero();
      // This process's CPU over the measured window; the producer is in this JVM too, not a child: unknown.
      assertThat(run.output()).containsPattern("  cpu/request : consumer \\d+\\.\\d µs \\(process CPU over the"
          + " measured \\d+\\.\\d s / requests\\), producer: n/a \\(not a child of this process\\)");
      JsonObject cpu = run.json().getJsonObject("cpu");
      assertThat(cpu.getDouble("consumer_us_per_request")).isPositive();
      assertThat(cpu.containsKey("producer_us_per_request")).isTrue();
      assertThat(cpu.getValue("producer_us_per_request")).isNull();
    }
  }

  @Test
  void baselineRest_syncAndAsync_withoutErrors(@TempDir Path dir) throws Exception {
    for (String mode : new String[] {"--sync=true", "--sync=false"}) {
      ConsumerRun run = ConsumerRun.against(shared.get(), dir, "--baseline-rest", mode, "--duration=1s",
          "--sync-count=4", "--async-count=8", "--axle.rest.client.thread-count=2");

      assertThat(run.json().getString("transport")).isEqualTo("baseline-rest");
      assertThat(run.json().getLong("requests")).isPositive();
      assertThat(run.json().getLong("errors")).isZero();
    }
  }

  @Test
  void restClientRaw_drivesAxlesRestServer_withStringsAndOrders_pipelinedOrNot(@TempDir Path dir) throws Exception {
    for (String payload : new String[] {"--payload=string", "--payload=pojo-1k"}) {
      for (String pipelining : new String[] {"false", "true"}) {
        ConsumerRun run = ConsumerRun.against(shared.get(), dir, "--rest.client=raw", "--axle.references.transport=rest",
            payload, "--axle.rest.client.pipelining=" + pipelining, "--sync=false", "--duration=1s",
            "--async-count=8", "--axle.rest.client.thread-count=1", "--axle.rest.client.connection.maxPoolSize=2");

        assertThat(run.output()).contains("over rest (driven by the raw Vert.x HTTP client: rest.client is raw)");
        assertThat(run.json().getString("transport")).isEqualTo("rest");
        assertThat(run.json().getLong("requests")).as(payload + " pipelining " + pipelining).isPositive();
        assertThat(run.json().getLong("errors")).as(payload + " pipelining " + pipelining).isZero();
      }
    }
  }

  @Test
  void restClientRaw_overHighway_orWithSleepEcho_isRefused() {
    assertThat(run("-c", "--rest.client=raw", "--axle.references.transport=highway"))
        .isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("rest.client: raw with the calls over highway (expected: rest.client: raw only for"
        + " calls over rest; set axle.references.transport: rest or drop rest.client)");

    err.reset();
    assertThat(run("-c", "--rest.client=raw", "--axle.references.transport=rest", "--echo.delay=1ms"))
        .isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("echo.delay: 1ms with --rest.client=raw (expected: 0: the raw client calls no"
        + " sleepEcho");
  }

  @Test
  void compareBaseline_alternatesThreePairs_printsTheRatios_andWritesThem(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("compare.json");

    int status = PerfMain.run(new String[] {"-c", "--compare=baseline", "--duration=500ms", "--warmup=0s",
        "--sync-count=4", "--axle.metrics.window_time=250", "--axle.highway.client.thread-count=1", "--json=" + json,
        TestProducers.registryArg(shared.get())}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    // Both consumers are driven alike, without consumer metrics (the raw client keeps none).
    assertThat(output).contains("=== series step 1: axle.references.transport=highway, consumer.metrics=false ===",
        "=== series step 2: baseline=true, consumer.metrics=false ===",
        "=== series step 6: baseline=true, consumer.metrics=false ===");
    assertThat(output).containsPattern("compare pair 1: highway/baseline tps \\d+\\.\\d{3} \\(")
        .containsPattern("compare pair 3: highway/baseline tps ")
        .containsPattern("compare median of 3 pairs: highway/baseline tps ratio \\d+\\.\\d{3} \\(pairs \\d+\\.\\d{3}–"
            + "\\d+\\.\\d{3}\\), p99 ratio \\d+\\.\\d{3} \\(pairs ");

    JsonObject result = new JsonObject(Files.readString(json));
    JsonArray runs = result.getJsonArray("runs");
    assertThat(runs).hasSize(6);
    for (int i = 0; i < 6; i++) {
      assertThat(runs.getJsonObject(i).getString("transport")).isEqualTo(i % 2 == 0 ? "highway" : "baseline");
      assertThat(runs.getJsonObject(i).getLong("errors")).isZero();
    }
    JsonObject compare = result.getJsonObject("compare");
    assertThat(compare.getString("against")).isEqualTo("baseline");
    assertThat(compare.getDouble("tps_ratio")).isPositive();
    assertThat(compare.getDouble("p99_ratio")).isPositive();
    assertThat(compare.getJsonArray("pairs")).hasSize(3);
    assertThat(compare.getJsonArray("pairs").getJsonObject(0).fieldNames()).contains("tps_ratio", "p99_ratio",
        "cpu_ratio", "cpu");
    // The producer is not a child of this process: each run's consumer CPU only, and no CPU ratio.
    assertThat(output).containsPattern("  cpu/request consumer \\d+\\.\\d / \\d+\\.\\d µs, producer: n/a")
        .containsPattern("cpu/request ratio n/a");
    assertThat(compare.containsKey("cpu_ratio")).isTrue();
    assertThat(compare.getValue("cpu_ratio")).isNull();
    JsonObject pairCpu = compare.getJsonArray("pairs").getJsonObject(0).getJsonObject("cpu");
    assertThat(pairCpu.getJsonObject("axle").getDouble("consumer_us_per_request")).isPositive();
    assertThat(pairCpu.getJsonObject("baseline").getDouble("consumer_us_per_request")).isPositive();
    assertThat(runs.getJsonObject(0).getJsonObject("cpu").getDouble("consumer_us_per_request")).isPositive();
  }

  @Test
  void badCompareValues_exitWith2_namingKeyValueAndFix() {
    assertThat(run("-c", "--compare=foo")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("compare: foo (expected: ").contains("baseline").contains("baseline-rest")
        .contains("--compare=foo");

    err.reset();
    assertThat(run("-c", "--compare=baseline", "--compare.pairs=0")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("compare.pairs: 0 (expected: an integer in [1, 1000])");

    err.reset();
    assertThat(run("-c", "--compare=baseline", "--baseline")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("compare: baseline with --baseline (expected: one or the other");
  }

  @Test
  void longTailWithBaseline_isRefused() {
    assertThat(run("-c", "--baseline", "--long-tail.ratio=0.01")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("long-tail.ratio: 0.01 with --baseline (expected: 0: the raw client calls no"
        + " sleepEcho");

    err.reset();
    assertThat(run("-c", "--baseline", "--baseline-rest")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("baseline, baseline-rest: both true (expected: one of them");
  }

  @Test
  void noBaselineEntry_isAConfigurationMistake() {
    assertThat(run("-c", "--baseline", "--axle.registry.local.perf1=highway://127.0.0.1:7070"))
        .isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("axle.registry.local.perf1: highway://127.0.0.1:7070 (expected: a baseline://host:port"
        + " entry, because --baseline is set");
  }

  private int run(String... args) {
    return PerfMain.run(args, print(out), print(err));
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
