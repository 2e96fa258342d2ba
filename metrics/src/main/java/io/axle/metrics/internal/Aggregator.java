package io.axle.metrics.internal;

import io.axle.Role;
import io.axle.Status;
import io.axle.metrics.CpuStats;
import io.axle.metrics.NetworkStats;
import io.axle.metrics.OperationStats;
import io.axle.metrics.PoolStats;
import io.axle.metrics.StageStats;
import io.axle.metrics.Window;
import io.axle.config.ConfigVersion;
import io.axle.policy.PolicyState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Closes a window: drains every meter (exactly, nothing carried over) into a {@link Window}. Clock thread only. */
public final class Aggregator {
  private final Meters meters;

  public Aggregator(MetricsListener listener) {
    this.meters = listener.meters;
  }

  /** Per-operation accumulation of the rows of one role, transport and operation, for the totals. */
  private static final class Total {
    final Meter first;
    final Histogram histogram = new Histogram(Meter.DIGITS);
    long errors;
    long extraAttempts;
    final long[] sums;
    final long[] counts;
    final long[] maxima;

    Total(Meter first) {
      this.first = first;
      int spans = Spans.names(first.role).length;
      sums = new long[spans];
      counts = new long[spans];
      maxima = new long[spans];
    }
  }

  public Window close(Instant start, Instant end, long durationNanos, List<PoolStats> pools, CpuStats cpu,
      List<PolicyState> policies, List<NetworkStats> network, ConfigVersion config, ConfigVersion configAtStart) {
    double seconds = durationNanos / 1e9;
    List<OperationStats> operations = new ArrayList<>();
    Map<String, Total> totals = new LinkedHashMap<>();
    for (Meter meter : meters.all) {
      int spans = Spans.names(meter.role).length;
      long[] sums = new long[spans];
      long[] counts = new long[spans];
      long[] maxima = new long[spans];
      Histogram histogram = meter.drain(sums, counts, maxima);
      long count = histogram.getTotalCount();
      if (count == 0) {
        continue;
      }
      long errors = meter.status == Status.OK ? 0 : count;
      operations.add(stats(meter.role, meter.transport, meter.operation, meter.status, histogram, errors,
          meter.windowExtraAttempts, seconds, sums, counts, maxima));
      Total total = totals.computeIfAbsent(meter.role + " " + meter.transport + " " + meter.operation,
          k -> new Total(meter));
      total.histogram.add(histogram);
      total.errors += errors;
      total.extraAttempts += meter.windowExtraAttempts;
      for (int i = 0; i < spans; i++) {
        total.sums[i] += sums[i];
        total.counts[i] += counts[i];
        total.maxima[i] = Math.max(total.maxima[i], maxima[i]);
      }
    }
    List<OperationStats> totalRows = new ArrayList<>(totals.size());
    for (Total total : totals.values()) {
      totalRows.add(stats(total.first.role, total.first.transport, total.first.operation, null, total.histogram,
          total.errors, total.extraAttempts, seconds, total.sums, total.counts, total.maxima));
    }
    return new Window(start, end, Duration.ofNanos(durationNanos), operations, totalRows, pools, cpu, network,
        policies, config, configAtStart);
  }

  private static OperationStats stats(Role role, String transport, String operation, Status status,
      Histogram micros, long errors, long retries, double seconds, long[] sums, long[] counts, long[] maxima) {
    long count = micros.getTotalCount();
    String[] names = Spans.names(role);
    List<StageStats> stages = new ArrayList<>(names.length);
    for (int i = 0; i < names.length; i++) {
      if (counts[i] > 0) {
        stages.add(new StageStats(names[i], counts[i], sums[i] / 1e3 / counts[i], maxima[i] / 1e3));
      }
    }
    return new OperationStats(role, transport, operation, status, count, seconds > 0 ? count / seconds : 0,
        errors, retries, micros.getMean() / 1e3, ms(micros, 50), ms(micros, 90), ms(micros, 99), ms(micros, 99.9),
        micros.getMaxValue() / 1e3, stages);
  }

  private static double ms(Histogram micros, double percentile) {
    return micros.getValueAtPercentile(percentile) / 1e3;
  }
}
