package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.producer.Producer;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One consumer run ({@code -c}, no warm-up, half-second windows) against a test producer, through
 * {@link PerfMain#run}: what it printed and the JSON it wrote. The run must succeed. Its runtime keeps its books in
 * the test's {@link PerfBooks}, without which it does not start.
 */
record ConsumerRun(String output, JsonObject json) {

  static ConsumerRun against(Producer producer, Path dir, String... extra) throws Exception {
    Path json = dir.resolve("result.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    List<String> args = new ArrayList<>(List.of("-c", "--axle.metrics.window_time=500", "--json=" + json,
        TestProducers.registryArg(producer)));
    if (java.util.Arrays.stream(extra).noneMatch(arg -> arg.startsWith("--warmup="))) {
      args.add("--warmup=0s"); // Spring would join a second --warmup= into "0s,1s"
    }
    args.addAll(List.of(extra));

    int status = PerfMain.run(args.toArray(String[]::new), print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    return new ConsumerRun(output, new JsonObject(Files.readString(json)));
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
