package io.axle.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Windows add up into Prometheus buckets by their upper bounds, inclusive, as {@code le} means. */
class CumulativeTest {

  @Test
  void windowsAddUp_intoTheBucketOfEachValue() {
    Histogram first = new Histogram(Meter.DIGITS);
    first.recordValue(100); // exactly on the first bound: le="0.0001"
    first.recordValue(101); // just above: le="0.00025"
    first.recordValue(70_000_000); // 70 s: past the last bound, +Inf only
    Histogram second = new Histogram(Meter.DIGITS);
    second.recordValue(1000); // le="0.001"

    Cumulative cumulative = Cumulative.EMPTY.plus(first).plus(second);

    long[] expected = new long[Cumulative.BOUNDS.length + 1];
    expected[0] = 1;
    expected[1] = 1;
    expected[3] = 1;
    expected[Cumulative.BOUNDS.length] = 1;
    assertThat(cumulative.bucketCounts()).containsExactly(expected);
    assertThat(cumulative.count()).isEqualTo(4);
    assertThat(cumulative.lastMaxMicros()).isEqualTo(1000);
    long seventySeconds = first.medianEquivalentValue(70_000_000);
    assertThat(cumulative.sumMicros()).isEqualTo(100 + 101 + seventySeconds + 1000);
    assertThat(Cumulative.EMPTY.count()).as("EMPTY is not changed").isZero();
  }
}
