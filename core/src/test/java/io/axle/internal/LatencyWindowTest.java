package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.config.HedgeDelay;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The percentile a hedge waits for, and the values axle.governance.hedge.delay takes. */
class LatencyWindowTest {

  @Test
  void noEstimateBeforeTheMinimum_thenThePercentileOfTheLastCalls() {
    LatencyWindow p95 = new LatencyWindow(950);
    for (int i = 1; i < LatencyWindow.MINIMUM; i++) {
      p95.add(i);
    }
    assertThat(p95.estimateNanos()).isEqualTo(-1);
    p95.add(LatencyWindow.MINIMUM);
    // 1..100: the 95th is at index 95 of the sorted hundred.
    assertThat(p95.estimateNanos()).isEqualTo(96);

    // The window moves: after a full ring of slower calls, only they count.
    for (int i = 0; i < LatencyWindow.SIZE; i++) {
      p95.add(1_000 + i % 100);
    }
    assertThat(p95.estimateNanos()).isBetween(1_090L, 1_099L);
  }

  @Test
  void hedgeDelay_isADurationOrAPercentile() {
    assertThat(HedgeDelay.parse("50ms")).isEqualTo(new HedgeDelay(Duration.ofMillis(50), 0));
    assertThat(HedgeDelay.parse("p95").perMille()).isEqualTo(950);
    assertThat(HedgeDelay.parse("P99.9").perMille()).isEqualTo(999);
    assertThat(HedgeDelay.parse("p99.9")).hasToString("p99.9");
    assertThat(HedgeDelay.parse("p95")).hasToString("p95");
    assertThatThrownBy(() -> HedgeDelay.parse("p100")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> HedgeDelay.parse("0ms")).isInstanceOf(IllegalArgumentException.class);
  }
}
