package io.axle.perf.report;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The consumer process's own figures for one window, beside the driver's: the host's CPU, the process's
 * threads, the calls the driver had in flight, and, when the consumer's Axle runtime keeps metrics, its
 * consumer row for the driven operation (latency and stages, docs/metrics.md) and its client connections.
 * Axle's window clock is not the driver's (other ticks), so its part is that runtime's latest closed window.
 *
 * @param osCpuPercent the whole host's CPU over the window, 100 = one core; NaN when unknown
 * @param threads this process's live threads when the window closed
 * @param inFlight calls the driver had in flight when the window closed
 * @param axleCount calls in the Axle row; 0 when there is none (metrics off, or no call yet)
 * @param axleAvgUs the Axle row's average latency, CONSUMER_START to CONSUMER_END, µs; NaN without a row
 * @param stagesUs the Axle row's stage averages in µs, in call order (prepare, encode, connection, send, wait,
 *     decode); empty without a row
 * @param connections client connections open per {@code transport host:port}; empty when not counted
 * @param inFlightByEndpoint the runtime's consumer calls in flight when the window closed, per {@code transport
 *     host:port}; empty when not read (a raw client)
 */
public record ConsumerWindow(double osCpuPercent, int threads, int inFlight, long axleCount, double axleAvgUs,
    Map<String, Double> stagesUs, Map<String, Long> connections, Map<String, Integer> inFlightByEndpoint) {
  /** The consumer stage that holds the network and the provider. */
  public static final String WAIT = "wait";
  /** The consumer stage of waiting for a connection (REST's pool, highway's connect) and the hand-off to its loop. */
  public static final String CONNECTION = "connection";

  public ConsumerWindow {
    stagesUs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(stagesUs));
    connections = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(connections));
    inFlightByEndpoint = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(inFlightByEndpoint));
  }

  /** Without the calls in flight per endpoint. */
  public ConsumerWindow(double osCpuPercent, int threads, int inFlight, long axleCount, double axleAvgUs,
      Map<String, Double> stagesUs, Map<String, Long> connections) {
    this(osCpuPercent, threads, inFlight, axleCount, axleAvgUs, stagesUs, connections, Map.of());
  }

  /** True when the consumer's Axle runtime gave a row for the window. */
  public boolean hasStages() {
    return axleCount > 0 && Double.isFinite(axleAvgUs);
  }

  /** A stage's average, µs; NaN when the row lacks it. */
  public double stageUs(String name) {
    Double value = stagesUs.get(name);
    return value == null ? Double.NaN : value;
  }

  /**
   * The consumer's own share of a call: its Axle latency less the wait (prepare, encode, connection, send,
   * decode, and the way back to the caller), µs; NaN without a row.
   */
  public double ownUs() {
    return hasStages() ? axleAvgUs - stageUs(WAIT) : Double.NaN;
  }

  /**
   * The gap between the driver's average and the provider's, in its three parts (ms): {@code caller}, the
   * driver's average less Axle's consumer latency (the caller's own hand-offs: a parked thread's wake-up);
   * {@code consumer}, {@link #ownUs}; {@code outside}, the wait less the provider's average (the network, both
   * sides' event loops before and after the provider's clock). Null without a row or a provider average. The
   * parts come from three clocks' windows, so they add up to the gap only roughly.
   */
  public GapParts gapParts(double driverAvgMs, double providerAvgMs) {
    if (!hasStages() || !Double.isFinite(stageUs(WAIT)) || !Double.isFinite(providerAvgMs)) {
      return null;
    }
    return new GapParts(driverAvgMs - axleAvgUs / 1000, ownUs() / 1000, stageUs(WAIT) / 1000 - providerAvgMs);
  }

  /** The gap's parts, ms; see {@link #gapParts}. */
  public record GapParts(double callerMs, double consumerMs, double outsideMs) {
  }

  /**
   * The run's consumer figures: stages and latency weighted by each window's Axle count, CPU and threads and
   * in-flight the plain mean (per endpoint too), connections as the last window had them. Null for no windows.
   */
  public static ConsumerWindow mean(Collection<ConsumerWindow> windows) {
    if (windows.isEmpty()) {
      return null;
    }
    double cpuSum = 0;
    int cpuCount = 0;
    long threads = 0;
    long inFlight = 0;
    long count = 0;
    double avgSum = 0;
    Map<String, double[]> stages = new LinkedHashMap<>();
    Map<String, Long> connections = Map.of();
    Map<String, long[]> inFlightSums = new LinkedHashMap<>();
    for (ConsumerWindow w : windows) {
      w.inFlightByEndpoint().forEach((endpoint, calls) -> inFlightSums.computeIfAbsent(endpoint, k -> new long[1])[0]
          += calls);
      if (Double.isFinite(w.osCpuPercent())) {
        cpuSum += w.osCpuPercent();
        cpuCount++;
      }
      threads += w.threads();
      inFlight += w.inFlight();
      if (w.hasStages()) {
        count += w.axleCount();
        avgSum += w.axleCount() * w.axleAvgUs();
        w.stagesUs().forEach((name, us) -> {
          double[] sum = stages.computeIfAbsent(name, k -> new double[2]);
          sum[0] += w.axleCount() * us;
          sum[1] += w.axleCount();
        });
      }
      connections = w.connections();
    }
    Map<String, Double> stageMeans = new LinkedHashMap<>();
    stages.forEach((name, sum) -> stageMeans.put(name, sum[0] / sum[1]));
    int n = windows.size();
    Map<String, Integer> inFlightMeans = new LinkedHashMap<>();
    inFlightSums.forEach((endpoint, sum) -> inFlightMeans.put(endpoint, (int) (sum[0] / n)));
    return new ConsumerWindow(cpuCount > 0 ? cpuSum / cpuCount : Double.NaN, (int) (threads / n),
        (int) (inFlight / n), count, count > 0 ? avgSum / count : Double.NaN, stageMeans, connections, inFlightMeans);
  }
}
