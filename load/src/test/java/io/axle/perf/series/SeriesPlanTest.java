package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which series a configuration asks for, and the messages of the ones it cannot run. */
class SeriesPlanTest {

  private static AxleConfig config(Map<String, Object> values) {
    AxleConfig.Builder builder = AxleConfig.builder();
    values.forEach(builder::put);
    return builder.build();
  }

  @Test
  void noSeriesKey_isASingleRun() {
    assertThat(SeriesPlan.from(config(Map.of()))).isEmpty();
  }

  @Test
  void sweep_overAnAxleKey_orItsServicecombSpelling() {
    assertThat(SeriesPlan.from(config(Map.of("sweep", "axle.highway.client.thread-count=1, 2,4"))))
        .contains(new SeriesPlan.Sweep("axle.highway.client.thread-count", List.of("1", "2", "4"), false, 3));
    assertThat(SeriesPlan.from(config(Map.of("sweep", "servicecomb.highway.client.thread-count=8"))))
        .contains(new SeriesPlan.Sweep("servicecomb.highway.client.thread-count", List.of("8"), false, 3));
  }

  @Test
  void sweep_overTheValuesOfAChoiceKey() {
    assertThat(SeriesPlan.from(config(Map.of("sweep", "axle.executors.default=inline,group,virtual"))))
        .contains(new SeriesPlan.Sweep("axle.executors.default", List.of("inline", "group", "virtual"), false, 3));
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("sweep", "axle.highway.client.thread-count=1,many"))))
        .hasMessageContaining("axle.highway.client.thread-count: many (expected: ");
  }

  @Test
  void sweep_withTheLongTailComparison_runsEachValueWithoutAndWith() {
    assertThat(SeriesPlan.from(config(Map.of("sweep", "axle.executors.default=inline,group", "long-tail.compare", true,
        "long-tail.ratio", "0.01"))))
        .contains(new SeriesPlan.Sweep("axle.executors.default", List.of("inline", "group"), true, 1));
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("sweep", "axle.executors.default=inline,group",
        "long-tail.compare", true, "long-tail.ratio", "0.01", "sweep.repeats", 3))))
        .hasMessageContaining("sweep.repeats: 3 with long-tail.compare: true (expected: 1;");
  }

  @Test
  void sweepRounds_rotateTheOrderByOneEachRound() {
    SeriesPlan.Sweep sweep = new SeriesPlan.Sweep("sync-count", List.of("1", "2", "3"), false, 3);
    assertThat(sweep.order(0)).containsExactly(0, 1, 2);
    assertThat(sweep.order(1)).containsExactly(1, 2, 0);
    assertThat(sweep.order(2)).containsExactly(2, 0, 1);
    assertThat(SeriesPlan.from(config(Map.of("sweep", "sync-count=1,2", "sweep.repeats", 5))))
        .contains(new SeriesPlan.Sweep("sync-count", List.of("1", "2"), false, 5));
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("sweep.repeats", 0))))
        .hasMessageContaining("sweep.repeats");
  }

  @Test
  void knee_withItsDefaults() {
    assertThat(SeriesPlan.from(config(Map.of("target-p999", "10ms"))))
        .contains(new SeriesPlan.Knee(Duration.ofMillis(10), 1000, 12));
  }

  @Test
  void unusableSeries_nameTheProblem() {
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("sweep", "sync-count"))))
        .isInstanceOf(ConfigException.class).hasMessageContaining("\n  sweep: sync-count (expected: key=v1,v2,…, e.g.");
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("sweep", "sync-cnt=1,2"))))
        .hasMessageContaining("sync-cnt is not a known key");
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("sweep", "sync-count=0,10"))))
        .hasMessageContaining("sync-count: 0 (expected: ");
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("sweep", "sync-count=1", "target-p999", "10ms"))))
        .hasMessageContaining("both are set");
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("long-tail.compare", true))))
        .hasMessageContaining("\n  long-tail.compare: true with long-tail.ratio: 0 (expected: a long-tail.ratio above 0");
  }

  @Test
  void stepArgs_replaceEverySpellingOfTheSteppedKey_andDropTheSeriesOwnKeys() {
    String[] user = {"-c", "--sync-count=50", "--servicecomb.highway.client.thread-count=2", "--sweep=x=1",
        "--json=a.json", "--duration=1s"};
    assertThat(StepArgs.of(user, Map.of("axle.highway.client.thread-count", "4")))
        .containsExactly("-c", "--sync-count=50", "--duration=1s", "--axle.highway.client.thread-count=4");
    assertThat(StepArgs.of(user, Map.of("servicecomb.highway.client.thread-count", "4")))
        .containsExactly("-c", "--sync-count=50", "--duration=1s", "--servicecomb.highway.client.thread-count=4");
    assertThat(StepArgs.of(user, Map.of("sync-count", "5")))
        .containsExactly("-c", "--servicecomb.highway.client.thread-count=2", "--duration=1s", "--sync-count=5");
  }

  @Test
  void overload_withItsDefaults_andTheEchoDelayItGivesEveryRun() {
    assertThat(SeriesPlan.from(config(Map.of("overload", true))))
        .contains(new SeriesPlan.Overload(200, "gradient2", "2ms"));
    assertThat(SeriesPlan.from(config(Map.of("overload", true, "overload.percent", 300, "overload.algorithm", "vegas",
        "echo.delay", "5ms")))).contains(new SeriesPlan.Overload(300, "vegas", "5ms"));
  }

  @Test
  void overload_refusesWhatWouldMakeItMeaningless() {
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("overload", true, "rps", 1000))))
        .hasMessageContaining("overload: true with rps: 1000 (expected: no rps;");
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("overload", true,
        "axle.governance.adaptive-limit.algorithm.PerfService", "vegas"))))
        .hasMessageContaining("overload: true with axle.governance.adaptive-limit.algorithm.PerfService: vegas "
            + "(expected: no axle.governance.adaptive-limit.algorithm key;");
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("overload", true, "overload.percent", 100))))
        .hasMessageContaining("overload.percent: 100 (expected: ");
    assertThatThrownBy(() -> SeriesPlan.from(config(Map.of("overload", true, "target-p999", "10ms"))))
        .hasMessageContaining("target-p999, overload: both are set");
    assertThatThrownBy(() -> SeriesRunner.of(io.axle.perf.Role.CONSUMER, new String[] {"--overload=true"}, null, null,
        null)).hasMessageContaining("overload: true as consumer (expected: with --loopback");
  }

  @Test
  void stepArgs_dropTheOverloadKeys() {
    assertThat(StepArgs.of(new String[] {"--loopback", "--overload=true", "--overload.percent=300",
        "--overload.algorithm=vegas", "--duration=5s"}, Map.of("rps", "100")))
        .containsExactly("--loopback", "--duration=5s", "--rps=100");
  }
}
