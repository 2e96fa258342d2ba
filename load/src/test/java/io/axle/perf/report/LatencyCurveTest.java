package io.axle.perf.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyCurveTest {

  @Test
  void curve_readsTheHistogramAtEachPercentile_inMilliseconds() {
    Histogram nanos = new Histogram(3);
    for (int ms = 1; ms <= 1000; ms++) {
      nanos.recordValue(ms * 1_000_000L);
    }

    LatencyCurve curve = LatencyCurve.of(nanos);

    assertThat(curve.points()).extracting(LatencyCurve.Point::percentile).isEqualTo(LatencyCurve.PERCENTILES);
    List<Double> ms = curve.points().stream().map(LatencyCurve.Point::ms).toList();
    assertThat(ms).isSorted();
    assertThat(ms.getFirst()).isCloseTo(1.0, within(0.01));
    assertThat(curve.points().get(5).ms()).as("p50").isCloseTo(500.0, within(1.0));
    assertThat(curve.points().get(13).ms()).as("p99.9").isCloseTo(999.0, within(1.0));
    assertThat(ms.getLast()).isEqualTo(Latency.of(nanos).max());
  }

  @Test
  void noCalls_noPoints() {
    assertThat(LatencyCurve.of(new Histogram(3)).points()).isEmpty();
  }
}
