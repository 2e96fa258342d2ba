package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.PerfBooks;
import io.axle.perf.PerfMain;
import io.axle.perf.PerfOutput;
import io.axle.perf.StopSignal;
import io.axle.perf.producer.Producer;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * One short real {@code --loopback --tune}: a budget so small that only the starting configuration is measured
 * (a warm-up and three knee searches of two open-loop runs, against one producer child the walk changes live),
 * enough to check the output's shape, and that the {@code microservice.yaml} fragment it prints is one a producer
 * starts with.
 */
@Tag("slow")
class TuneRunTest {
  /**
   * The consumer of each run and the producer the fragment starts. The walk's producer is a child process, another
   * JVM: it keeps no books.
   */
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  @Test
  void aTinyTune_printsTheWalkAndAFragmentAProducerAccepts(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("tune.json");
    Path report = dir.resolve("tune.html");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"--loopback", "--tune", "--tune.budget=1s", "--tune.target-p999=1000ms",
        "--knee.start-rps=200", "--knee.max-steps=2", "--duration=1s", "--warmup=0s",
        "--axle.executors.default=inline", "--axle.highway.server.thread-count=1",
        "--axle.highway.client.thread-count=1", "--json=" + json, "--report=" + report}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(output).contains("=== series step 1: rps=200 ===", "tune walk (highway, knee = the highest rate with "
        + "P999 <= 1000.000 ms):", "noise: ", "tune.budget (PT1S) spent before every knob was tried",
        "best: ", "microservice.yaml (the knobs tuned");
    // One child for the walk, reached through its control; the configuration it started with needs no change.
    assertThat(output).containsOnlyOnce("[producer] perf producer ready").contains("tune: one producer child for the "
        + "walk, changed live through its control at 127.0.0.1:").containsPattern("tune walk took \\d+\\.\\d s; the "
        + "producer took \\d+ configurations live and was restarted for 0 \\(http://127\\.0\\.0\\.1:\\d+/perf/change\\)");
    // A warm-up and three starts, each a knee search: the rows of the walk.
    assertThat(output).containsPattern("(?m)^   1  warm-up +as configured +\\d+ .*not counted")
        .containsPattern("(?m)^   2  start +as configured +\\d+ ").containsPattern("(?m)^   4  start +as configured +\\d+ ");
    String fragment = output.substring(output.indexOf("microservice.yaml (the knobs tuned"));
    fragment = fragment.substring(fragment.indexOf('\n') + 1);
    fragment = fragment.substring(0, fragment.indexOf("\n\n") + 1); // the blank line after the walk
    assertThat(fragment).startsWith("axle:\n").contains("  executors:\n    default: inline\n")
        .contains("  highway:\n").contains("    server:\n      thread-count: 1\n");

    JsonObject tune = new JsonObject(Files.readString(json)).getJsonObject("tune");
    assertThat(tune.getString("transport")).isEqualTo("highway");
    assertThat(tune.getBoolean("out_of_budget")).isTrue();
    assertThat(tune.getJsonArray("steps")).hasSize(4);
    assertThat(tune.getJsonObject("best").getString("axle.executors.default")).isEqualTo("inline");
    // The page: each step at its knee, and the walk's table.
    assertThat(Files.readString(report)).contains("perf tune: highway, knee by step (P999 &lt;= 1000.000 ms)",
        "id=\"tune-walk\"", "1 warm-up");

    // The fragment, as a file a producer is given, is what it starts with.
    Path yaml = dir.resolve("tuned.yaml");
    Files.writeString(yaml, fragment.strip() + "\n");
    Producer producer = Producer.start(new String[] {"--spring.config.additional-location=file:" + yaml,
        "--axle.highway.address=127.0.0.1:0", "--axle.rest.address=127.0.0.1:0", "--baseline.enabled=false"},
        new PerfOutput(print(new ByteArrayOutputStream()), print(new ByteArrayOutputStream())), new StopSignal());
    try {
      assertThat(producer.readyLine()).endsWith("(executor: inline, on the event loop)");
    } finally {
      producer.close();
    }
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
