package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.PerfMain;
import io.axle.perf.TestProducers;
import io.axle.perf.producer.Producer;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep, run through {@link PerfMain#run} as {@code -c --sweep=…}, against a real producer on loopback. */
class SeriesRunTest {
  private static Producer producer;

  @BeforeAll
  static void startProducer() {
    producer = TestProducers.start(Map.of());
  }

  @AfterAll
  static void stopProducer() {
    if (producer != null) {
      producer.close();
    }
  }

  @Test
  void sweep_runsOncePerValue_withAFreshRuntime_andWritesEveryRun(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("series.json");
    Path report = dir.resolve("series.html");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    // The user's own sync-count is replaced at each step, not joined with it.
    int status = PerfMain.run(new String[] {"-c", "--sync-count=50", "--sweep=sync-count=2,5", "--duration=1s",
        "--warmup=0s", "--axle.highway.client.thread-count=1", "--json=" + json, "--report=" + report,
        TestProducers.registryArg(producer)},
        print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(output).contains("=== series step 1: sync-count=2 ===", "=== series step 2: sync-count=5 ===",
        "series summary");
    assertThat(output.lines().filter(line -> line.startsWith("perf summary"))).hasSize(2);
    String table = output.substring(output.indexOf("series summary"));
    assertThat(table.lines().skip(1).findFirst().orElseThrow()).startsWith("sync-count").contains("tps", "p999_ms",
        "cpu%");
    assertThat(table).containsPattern("(?m)^2 +\\d+\\.\\d").containsPattern("(?m)^5 +\\d+\\.\\d");

    // One page for the series, its runs against the swept key (the page itself is HtmlReport's tests' business).
    assertThat(output).contains("report: " + report);
    assertThat(Files.readString(report)).contains("perf series: sync-count");

    JsonArray runs = new JsonObject(Files.readString(json)).getJsonArray("runs");
    assertThat(runs).hasSize(2);
    for (int i = 0; i < 2; i++) {
      JsonObject run = runs.getJsonObject(i);
      int value = i == 0 ? 2 : 5;
      JsonObject sweep = run.getJsonObject("sweep");
      assertThat(sweep.getString("key")).isEqualTo("sync-count");
      assertThat(sweep.getValue("value")).as("a whole number stays one").isEqualTo(value);
      assertThat(run.getInteger("concurrency")).as("the step's value reached its run").isEqualTo(value);
      assertThat(run.getLong("requests")).isPositive();
      assertThat(run.getLong("errors")).isZero();
    }
  }

  @Test
  void aBadSweep_isAConfigurationError_beforeAnyRun() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--sweep=sync-count=1,ten"}, print(out), print(err));

    assertThat(status).isEqualTo(PerfMain.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("\n  sweep: sync-count=1,ten — sync-count: ten (expected: "
        + "an integer >= 1) — from command line --sweep=sync-count=1,ten");
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("series step");
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
