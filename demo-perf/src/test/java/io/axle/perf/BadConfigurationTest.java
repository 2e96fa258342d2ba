package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Configuration mistakes: exit status 2 and one line that says what to fix, no stack trace. Each stops the
 * application before its runtime starts, so there are no books to keep: {@link PerfBooks} fails a runtime that starts
 * in a test without them.
 */
class BadConfigurationTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @Test
  void badDemoKey_namesKeyValueExpectationAndSource() {
    int status = run("-c", "--sync-count=abc");

    assertThat(status).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr().lines())
        .contains("  sync-count: abc (expected: an integer >= 1) — from command line --sync-count=abc");
    assertThat(stderr()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void badDurationAndBadJsonPath_areReportedTheSameWay() {
    assertThat(run("-c", "--duration=soon")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("duration: soon (expected: a duration such as 500ms, 30s or a number of "
        + "milliseconds) — from command line --duration=soon");

    err.reset();
    assertThat(run("-c", "--json=/no/such/directory/result.json")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("json: /no/such/directory/result.json (expected: a file path in an existing "
        + "directory) — from command line --json=/no/such/directory/result.json");
  }

  @Test
  void aWarmupMaxShorterThanTheWarmup_isRefusedWithBothValues() {
    assertThat(run("-c", "--warmup=5s", "--warmup.max=3s")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("warmup.max: 3s (expected: 0s, or at least warmup: 5s, the warm-up it may extend "
        + "until the windows settle) — from command line --warmup.max=3s");
  }

  @Test
  void badProducerKey_failsBeforeServing() {
    assertThat(run("--response-size=-1")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("response-size: -1 (expected: an integer >= 0) — from command line --response-size=-1");
    assertThat(stdout()).doesNotContain("ready");
  }

  @Test
  void loopbackChecksConsumerKeysBeforeStartingAChild() {
    assertThat(run("--loopback", "--async-count=0")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("async-count: 0 (expected: an integer >= 1)");
    assertThat(stdout()).doesNotContain("[producer]");
  }

  @Test
  void badOpenLoopAndLongTailValues_areReportedWithTheirKey() {
    assertThat(run("-c", "--rps=0")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("rps: 0 (expected: an integer >= 1 (requests per second)) — from command line"
        + " --rps=0");

    err.reset();
    assertThat(run("-c", "--long-tail.ratio=1.5")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("long-tail.ratio: 1.5 (expected: a number in [0, 1], e.g. 0.01) — from command"
        + " line --long-tail.ratio=1.5");

    err.reset();
    assertThat(run("-c", "--long-tail.delay=-1ms")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("long-tail.delay: -1ms (expected: a duration such as 500ms, 30s or a number of"
        + " milliseconds) — from command line --long-tail.delay=-1ms");

    err.reset();
    assertThat(run("-c", "--rps=100", "--rps.max-in-flight=0")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("rps.max-in-flight: 0 (expected: an integer >= 1)");
    assertThat(stderr()).doesNotContain("Exception").doesNotContain("\tat ");
  }

  @Test
  void unknownArgument_isABadConfiguration() {
    assertThat(run("-x")).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(stderr()).contains("arguments: -x (expected: nothing for the producer, -c for the consumer");
  }

  @Test
  void help_printsUsage() {
    assertThat(run("-h")).isEqualTo(ExitStatus.OK);
    assertThat(stdout()).startsWith("usage: java -jar perf.jar");
  }

  private int run(String... args) {
    return PerfMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
