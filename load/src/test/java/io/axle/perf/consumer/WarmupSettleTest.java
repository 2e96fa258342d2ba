package io.axle.perf.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule that ends a {@code warmup.max} warm-up: the last three windows' TPS within 10% of their mean. */
class WarmupSettleTest {

  @Test
  void aClimbThatLevelsOff_settlesOnceTheLastThreeAgree() {
    // The climb: 15k to 51k within one run.
    assertThat(WindowClock.settled(List.of(15_000.0, 30_000.0, 42_000.0))).isFalse();
    assertThat(WindowClock.settled(List.of(15_000.0, 30_000.0, 42_000.0, 49_000.0, 51_000.0))).isFalse();
    assertThat(WindowClock.settled(List.of(15_000.0, 30_000.0, 42_000.0, 49_000.0, 51_000.0, 50_000.0))).isTrue();
    assertThat(WindowClock.spread(List.of(49_000.0, 51_000.0, 50_000.0))).isCloseTo(0.02,
        org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void fewerThanThreeWindows_orNoCalls_neverSettle() {
    assertThat(WindowClock.settled(List.of(50_000.0, 50_000.0))).isFalse();
    assertThat(WindowClock.settled(List.of(0.0, 0.0, 0.0))).isFalse();
    assertThat(WindowClock.spread(List.of(1.0))).isInfinite();
  }

  @Test
  void oneWindowOffByMoreThanTheTolerance_keepsTheWarmupGoing() {
    // Mean 50k: 44k is 12% below it.
    assertThat(WindowClock.settled(List.of(53_000.0, 53_000.0, 44_000.0))).isFalse();
    assertThat(WindowClock.settled(List.of(52_000.0, 50_000.0, 47_000.0))).isTrue();
  }
}
