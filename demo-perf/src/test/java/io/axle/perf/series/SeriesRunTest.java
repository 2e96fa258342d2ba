package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.ExitStatus;
import io.axle.perf.PerfBooks;
import io.axle.perf.PerfMain;
import io.axle.perf.SharedProducer;
import io.axle.perf.TestProducers;
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

/** A sweep, run through {@link PerfMain#run} as {@code -c --sweep=…}, against a real producer on loopback. */
@Tag("slow")
class SeriesRunTest {
  @RegisterExtension
  static final SharedProducer shared = new SharedProducer(Map.of());
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  @Test
  void sweep_runsOncePerValue_withAFreshRuntime_andWritesEveryRun(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("series.json");
    Path report = dir.resolve("series.html");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    // The user's own sync-count is replaced at each step, not joined with it.
    int status = PerfMain.run(new String[] {"-c", "--sync-count=50", "--sweep=sync-count=2,5", "--sweep.repeats=1",
        "--duration=1s",
        "--warmup=0s", "--axle.highway.client.thread-count=1", "--json=" + json, "--report=" + report,
        TestProducers.registryArg(shared.get())},
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
  void sweepRounds_rotateTheOrder_andSummariseEachValueByItsMedianAndSpread(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("rounds.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    // A, B, A: the same value twice, three rounds by default.
    int status = PerfMain.run(new String[] {"-c", "--sweep=sync-count=2,4,2", "--duration=1s", "--warmup=0s",
        "--axle.highway.client.thread-count=1", "--json=" + json, TestProducers.registryArg(shared.get())},
        print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    // Round 1: 2 4 2; round 2 starts one further: 4 2 2; round 3: 2 2 4.
    java.util.List<String> steps = output.lines().filter(l -> l.startsWith("=== series step"))
        .map(l -> l.replaceAll("=== series step \\d+: sync-count=(\\d+) ===", "$1")).toList();
    assertThat(steps).containsExactly("2", "4", "2", "4", "2", "2", "2", "2", "4");
    String medians = output.substring(output.indexOf("sweep medians (3 rounds)"));
    assertThat(medians.lines().skip(1).findFirst().orElseThrow()).startsWith("sync-count").contains("runs",
        "tps median [min-max]", "p99_ms median [min-max]");
    assertThat(medians).containsPattern("(?m)^2 +3  \\d+\\.\\d \\[\\d+\\.\\d-\\d+\\.\\d\\]")
        .containsPattern("(?m)^4 +3  \\d+\\.\\d \\[");

    JsonObject result = new JsonObject(Files.readString(json));
    assertThat(result.getJsonArray("runs")).hasSize(9);
    assertThat(result.getJsonArray("runs").getJsonObject(3).getJsonObject("sweep").getInteger("round")).isEqualTo(2);
    JsonArray summary = result.getJsonArray("sweep_summary");
    assertThat(summary).hasSize(3);
    for (int i = 0; i < 3; i++) {
      JsonObject value = summary.getJsonObject(i);
      assertThat(value.getInteger("runs")).isEqualTo(3);
      JsonObject tps = value.getJsonObject("tps");
      assertThat(tps.getDouble("median")).isBetween(tps.getDouble("min"), tps.getDouble("max"));
      assertThat(tps.getDouble("min")).isPositive();
    }
  }

  @Test
  void kneeSearch_doublesTheRateWhileP999MeetsTheTarget_andReportsTheBest(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("knee.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    // Rates this small meet a generous target on any machine: 3 steps, 100, 200 and 400 requests a second.
    Path report = dir.resolve("knee.html");
    int status = PerfMain.run(new String[] {"-c", "--target-p999=1000ms", "--knee.start-rps=100", "--knee.max-steps=3",
        "--duration=1s", "--warmup=0s", "--json=" + json, "--report=" + report, TestProducers.registryArg(shared.get())},
        print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(output).contains("=== series step 1: rps=100 ===", "=== series step 2: rps=200 ===",
        "=== series step 3: rps=400 ===", "knee: 400 requests/s with P999 <= 1000.000 ms: tps=");
    // Open-loop rows say what could not be sent and whether the rate was carried.
    String table = output.substring(output.indexOf("series summary"));
    assertThat(table.lines().skip(1).findFirst().orElseThrow()).contains("unsent", "rate");
    assertThat(table).containsPattern("(?m)^400/s +\\d+\\.\\d .* 0  reached$");
    // The page: the target and the knee in its title, the rates in order, the knee marked.
    String page = Files.readString(report);
    assertThat(page).contains("perf series: rps (target P999 &lt;= 1000.000 ms; knee: 400/s)");
    assertThat(page.indexOf("100/s met")).isPositive().isLessThan(page.indexOf("200/s met"));
    assertThat(page.indexOf("200/s met")).isLessThan(page.indexOf("400/s knee"));
    JsonObject result = new JsonObject(Files.readString(json));
    assertThat(result.getJsonObject("knee").getMap()).containsEntry("rps", 400).containsEntry("target_p999_ms", 1000.0);
    assertThat(result.getJsonArray("runs")).hasSize(3);
    assertThat(result.getJsonArray("runs").getJsonObject(2).getInteger("rps")).isEqualTo(400);
  }

  @Test
  void longTailComparison_runsWithoutThenWithTheSlowShare(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("tail.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--long-tail.compare=true", "--long-tail.ratio=0.1",
        "--long-tail.delay=5ms", "--sync-count=4", "--duration=1s", "--warmup=0s", "--json=" + json,
        TestProducers.registryArg(shared.get())}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(output).contains("=== series step 1: long-tail.ratio=0 ===", "=== series step 2: with ===")
        .containsPattern("long tail, normal requests: avg [0-9.]+ -> [0-9.]+ ms \\([+-]\\d+%\\), p99 ");
    JsonArray runs = new JsonObject(Files.readString(json)).getJsonArray("runs");
    assertThat(runs.getJsonObject(0).containsKey("long_tail")).as("the run without the slow share").isFalse();
    assertThat(runs.getJsonObject(1).getJsonObject("long_tail").getDouble("ratio")).isEqualTo(0.1);
    assertThat(runs.getJsonObject(1).getJsonObject("long_tail").getLong("requests")).isPositive();
  }

  @Test
  void sweepWithTheLongTailComparison_runsEachValueWithoutThenWith() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--sweep=sync-count=2,4", "--long-tail.compare=true",
        "--long-tail.ratio=0.1", "--long-tail.delay=5ms", "--duration=1s", "--warmup=0s",
        TestProducers.registryArg(shared.get())}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(output).contains("=== series step 1: sync-count=2, long-tail.ratio=0 ===",
        "=== series step 2: sync-count=2 ===", "=== series step 3: sync-count=4, long-tail.ratio=0 ===",
        "=== series step 4: sync-count=4 ===");
    assertThat(output).contains("long tail, normal requests (sync-count=2): avg ",
        "long tail, normal requests (sync-count=4): avg ");
    assertThat(output).containsPattern("(?m)^2 without +\\d").containsPattern("(?m)^4 with +\\d");
  }

  @Test
  void aBadSweep_isAConfigurationError_beforeAnyRun() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--sweep=sync-count=1,ten"}, print(out), print(err));

    assertThat(status).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("\n  sweep: sync-count=1,ten — sync-count: ten (expected: "
        + "an integer >= 1) — from command line --sweep=sync-count=1,ten");
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("series step");
  }

  @Test
  void aConsumerTune_needsAProducerItCanRestart_andTheControlKeyNeedsATune() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    assertThat(PerfMain.run(new String[] {"-c", "--tune"}, print(out), print(err)))
        .isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("tune: true as consumer (expected: with --loopback, which "
        + "starts a producer for each run with the configuration tried, or -c with tune.control=host:port, the "
        + "control.address of a producer started with it");

    err.reset();
    assertThat(PerfMain.run(new String[] {"-c", "--tune.control=127.0.0.1:9090"}, print(out), print(err)))
        .isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("tune.control: 127.0.0.1:9090 (expected: only with -c "
        + "--tune; --loopback starts its own producers)");
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("series step");
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
