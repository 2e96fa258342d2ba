package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.producer.Producer;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The ready line names every endpoint the producer listens on; scripts and --loopback parse it. */
class ProducerReadyLineTest {
  /** The shape compare-executors.sh and PerfJarIT read: highway first, then rest, then the executor. */
  private static final Pattern READY = Pattern.compile(
      "perf producer ready: highway://127\\.0\\.0\\.1:(\\d+) rest://127\\.0\\.0\\.1:(\\d+) \\(executor: .+\\)");

  @Test
  void readyLineNamesTheHighwayThenTheRestEndpoint_onDistinctFreePorts() {
    try (Producer producer = TestProducers.start(Map.of())) {
      Matcher ready = READY.matcher(producer.readyLine());

      assertThat(ready.matches()).as(producer.readyLine()).isTrue();
      int highway = Integer.parseInt(ready.group(1));
      int rest = Integer.parseInt(ready.group(2));
      assertThat(highway).isEqualTo(producer.endpoint().port());
      assertThat(rest).isEqualTo(producer.endpoint("rest").port());
      // Both asked for port 0: each transport must get a port of its own, not share one.
      assertThat(rest).isNotEqualTo(highway);
    }
  }
}
