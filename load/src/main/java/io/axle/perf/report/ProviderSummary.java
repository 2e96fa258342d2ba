package io.axle.perf.report;

import java.util.Collection;

/**
 * The provider's figures over the provider windows fetched during the measurement, each counted once
 * however many times it was fetched: means weighted by each window's call count (stages by their own
 * counts). The provider's windows are not the consumer's (other clock, other ticks), so this is the
 * provider's view of roughly the same period, not of exactly the same calls.
 *
 * @param windows distinct provider windows that had the row
 * @param tps calls over the summed window lengths
 * @param p99Ms the count-weighted mean of the windows' P99s (a percentile of the union cannot be had from them)
 * @param queueUs NaN when no window had the stage
 */
public record ProviderSummary(int windows, long count, double tps, double avgMs, double p99Ms, double queueUs,
    double executeUs) {

  /** Null for no windows. */
  public static ProviderSummary of(Collection<ProviderWindow> windows) {
    if (windows.isEmpty()) {
      return null;
    }
    long count = 0;
    double durationMs = 0;
    double avgSum = 0;
    double p99Sum = 0;
    long queueCount = 0;
    double queueSum = 0;
    long executeCount = 0;
    double executeSum = 0;
    for (ProviderWindow w : windows) {
      count += w.count();
      durationMs += w.durationMs();
      avgSum += w.count() * w.avgMs();
      p99Sum += w.count() * w.p99Ms();
      if (Double.isFinite(w.queueUs())) {
        queueCount += w.queueCount();
        queueSum += w.queueCount() * w.queueUs();
      }
      if (Double.isFinite(w.executeUs())) {
        executeCount += w.executeCount();
        executeSum += w.executeCount() * w.executeUs();
      }
    }
    return new ProviderSummary(windows.size(), count, durationMs > 0 ? count / (durationMs / 1000) : 0,
        count > 0 ? avgSum / count : 0, count > 0 ? p99Sum / count : 0,
        queueCount > 0 ? queueSum / queueCount : Double.NaN, executeCount > 0 ? executeSum / executeCount : Double.NaN);
  }
}
