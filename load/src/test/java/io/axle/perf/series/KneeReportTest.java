package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.PerfOutput;
import io.axle.perf.Role;
import io.axle.perf.StopSignal;
import io.axle.perf.report.Latency;
import io.axle.perf.report.OpenLoopResult;
import io.axle.perf.report.RunResult;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The knee search's page draws its runs by rate, not in the order the search tried them (doubling, then
 * bisecting back), says the target and the knee in its title and marks each rate met, missed or the knee. The
 * runs come from a launcher standing in for a producer whose P999 passes 5 ms above 300 requests a second.
 */
class KneeReportTest {

  @Test
  void theRunsAreDrawnByRate_withTheTargetAndTheKneeMarked(@TempDir Path dir) throws Exception {
    Path report = dir.resolve("knee.html");
    RunLauncher producer = (role, args, output, stop) -> {
      int rps = Integer.parseInt(java.util.Arrays.stream(args).filter(a -> a.startsWith("--rps="))
          .findFirst().orElseThrow().substring("--rps=".length()));
      double p999 = rps <= 300 ? 2 : 20;
      return new RunLauncher.Outcome(0, new RunResult("highway", "open loop", 100, 10, 0, 1, rps, 0, rps,
          new Latency(1, 1, 1, 1, p999, p999), List.of(), null, new OpenLoopResult(rps, 1000, 0, 0), null, null));
    };
    PerfOutput output = new PerfOutput(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    SeriesRunner runner = SeriesRunner.of(Role.CONSUMER, new String[] {"--target-p999=5ms", "--knee.start-rps=100",
        "--knee.max-steps=6", "--report=" + report}, output, new StopSignal(), producer).orElseThrow();

    assertThat(runner.run()).isZero();

    // Tried: 100, 200, 400 (missed), 300, 350 (missed), 325 (missed); drawn: 100 200 300 325 350 400.
    String page = Files.readString(report);
    assertThat(page).contains("perf series: rps (target P999 &lt;= 5.000 ms; knee: 300/s)");
    List<String> order = List.of("100/s met", "200/s met", "300/s knee", "325/s missed", "350/s missed",
        "400/s missed");
    for (int i = 0; i + 1 < order.size(); i++) {
      assertThat(page.indexOf(order.get(i))).as(order.get(i)).isPositive().isLessThan(page.indexOf(order.get(i + 1)));
    }
  }
}
