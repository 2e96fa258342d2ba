package io.axle.metrics.internal;

import io.prometheus.metrics.model.registry.MultiCollector;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.GaugeSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.Labels;
import io.prometheus.metrics.model.snapshots.MetricSnapshots;
import java.util.Locale;

/**
 * {@code axle_invocation_seconds} as a Prometheus histogram (and {@code axle_invocation_seconds_max}, the
 * last window's maximum, as a gauge) read from each meter's {@link Cumulative} at scrape time, so a
 * call never touches a Prometheus or Micrometer structure.
 */
final class InvocationCollector implements MultiCollector {
  static final String NAME = "axle_invocation_seconds";

  private final Iterable<Meter> meters;

  InvocationCollector(Iterable<Meter> meters) {
    this.meters = meters;
  }

  @Override
  public MetricSnapshots collect() {
    HistogramSnapshot.Builder histogram = HistogramSnapshot.builder().name(NAME)
        .help("Axle calls since start: latency as in the windows (consumer end - start, provider sent - received), "
            + "added up as each window closes");
    GaugeSnapshot.Builder max = GaugeSnapshot.builder().name(NAME + "_max")
        .help("Axle calls: the largest latency of the last window that had calls");
    boolean any = false;
    for (Meter meter : meters) {
      Cumulative cumulative = meter.cumulative();
      if (cumulative.count() == 0) {
        continue;
      }
      any = true;
      Labels labels = Labels.of("operation", meter.operation, "role", meter.role.name().toLowerCase(Locale.ROOT),
          "status", meter.status.name(), "transport", meter.transport);
      histogram.dataPoint(HistogramSnapshot.HistogramDataPointSnapshot.builder()
          .labels(labels)
          .classicHistogramBuckets(ClassicHistogramBuckets.of(Cumulative.BOUNDS_SECONDS, cumulative.bucketCounts()))
          .sum(cumulative.sumMicros() / 1e6)
          .build());
      max.dataPoint(GaugeSnapshot.GaugeDataPointSnapshot.builder()
          .labels(labels)
          .value(cumulative.lastMaxMicros() / 1e6)
          .build());
    }
    return any ? MetricSnapshots.of(histogram.build(), max.build()) : MetricSnapshots.of();
  }
}
