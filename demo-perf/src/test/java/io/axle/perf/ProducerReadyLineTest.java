package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.producer.Producer;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The ready line names every endpoint the producer listens on; scripts and --loopback parse it. */
class ProducerReadyLineTest {
  @RegisterExtension
  final PerfBooks books = new PerfBooks();
  /** The shape compare-executors.sh and PerfJarTest read: highway first, then rest, then the baseline's, then the executor. */
  private static final Pattern READY = Pattern.compile(
      "perf producer ready: highway://127\\.0\\.0\\.1:(\\d+) rest://127\\.0\\.0\\.1:(\\d+)"
      + " baseline://127\\.0\\.0\\.1:(\\d+) baseline-rest://127\\.0\\.0\\.1:(\\d+) \\(executor: .+\\)");

  @Test
  void readyLineNamesTheHighwayThenTheRestEndpoint_thenTheBaselines_onDistinctFreePorts() {
    try (Producer producer = TestProducers.start(Map.of())) {
      Matcher ready = READY.matcher(producer.readyLine());

      assertThat(ready.matches()).as(producer.readyLine()).isTrue();
      int highway = Integer.parseInt(ready.group(1));
      int rest = Integer.parseInt(ready.group(2));
      assertThat(highway).isEqualTo(producer.endpoint().port());
      assertThat(rest).isEqualTo(producer.endpoint("rest").port());
      // All asked for port 0: each must get a port of its own, not share one.
      int baseline = Integer.parseInt(ready.group(3));
      int baselineRest = Integer.parseInt(ready.group(4));
      assertThat(List.of(highway, rest, baseline, baselineRest)).doesNotHaveDuplicates();
      assertThat(baseline).isEqualTo(producer.endpoint("baseline").port());
      assertThat(baselineRest).isEqualTo(producer.endpoint("baseline-rest").port());
    }
  }

  @Test
  void baselineDisabled_theReadyLineIsAxlesAlone() {
    try (Producer producer = TestProducers.start(Map.of("baseline.enabled", false))) {
      assertThat(producer.readyLine()).matches(
          "perf producer ready: highway://127\\.0\\.0\\.1:\\d+ rest://127\\.0\\.0\\.1:\\d+ \\(executor: .+\\)");
      assertThat(producer.endpoint("baseline")).isNull();
    }
  }
}
