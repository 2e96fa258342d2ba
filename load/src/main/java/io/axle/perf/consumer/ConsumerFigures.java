package io.axle.perf.consumer;

import java.util.Map;

/**
 * The consumer's Axle runtime's own figures, read as each window of the run closes: what its metrics saw in
 * their latest closed window. The application around the load tool supplies them (perf.jar: from the
 * starter's metrics), so the load tool needs no metrics module; {@link #NONE} where there are none.
 */
@FunctionalInterface
public interface ConsumerFigures {
  /** No metrics: windows show the driver's and the process's figures only. */
  ConsumerFigures NONE = (transport, operation) -> null;

  /**
   * The latest closed window's consumer row for {@code operation} over {@code transport}, all statuses; null
   * when there is no such row (metrics off, or no call in that window).
   */
  Row latest(String transport, String operation);

  /**
   * When the runtime's latest window closed (wall clock), so the driver can close its windows just after the
   * runtime's and show each second beside the same second; null when no window closed yet or there are none.
   */
  default java.time.Instant lastWindowEnd() {
    return null;
  }

  /**
   * The runtime's consumer calls in flight now, per {@code transport host:port} (the endpoint each was sent to); empty
   * when unknown. Needs no metrics.
   */
  default Map<String, Integer> inFlight() {
    return Map.of();
  }

  /** True when the runtime keeps windows (its first may not have closed yet). */
  default boolean keepsWindows() {
    return false;
  }

  /**
   * @param count calls in the row
   * @param avgUs their average latency, CONSUMER_START to CONSUMER_END, µs
   * @param stagesUs stage averages in µs, in call order
   * @param connections client connections open per {@code transport host:port} when the window closed
   */
  record Row(long count, double avgUs, Map<String, Double> stagesUs, Map<String, Long> connections) {
  }
}
