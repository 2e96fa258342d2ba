package io.axle.perf.consumer;

import io.axle.Role;
import io.axle.metrics.AxleMetrics;
import io.axle.metrics.NetworkStats;
import io.axle.metrics.OperationStats;
import io.axle.metrics.StageStats;
import io.axle.metrics.Window;
import io.axle.spring.AxleRuntimeHolder;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The consumer runtime's figures from the starter's metrics: the consumer row of the latest closed window
 * and the client connections it counted. Read on the load tool's window clock; {@link AxleMetrics#lastWindow}
 * is a published immutable window, so nothing here touches the runtime's threads.
 */
final class AxleConsumerFigures implements ConsumerFigures {
  private final AxleRuntimeHolder runtime;

  /** Read through the holder at each window: the runtime starts after this bean is made. */
  AxleConsumerFigures(AxleRuntimeHolder runtime) {
    this.runtime = runtime;
  }

  @Override
  public java.time.Instant lastWindowEnd() {
    return runtime.metrics().map(AxleMetrics::lastWindow).map(Window::end).orElse(null);
  }

  @Override
  public Map<String, Integer> inFlight() {
    if (!runtime.isRunning()) {
      return Map.of();
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    runtime.axle().consumerCallsInFlight().forEach((endpoint, count) ->
        counts.put(endpoint.transport() + " " + endpoint.host() + ":" + endpoint.port(), count));
    return counts;
  }

  @Override
  public boolean keepsWindows() {
    return runtime.metrics().isPresent();
  }

  /** Null when the runtime keeps no metrics ({@code consumer.metrics: false}) or has no window yet. */
  @Override
  public Row latest(String transport, String operation) {
    Window window = runtime.metrics().map(AxleMetrics::lastWindow).orElse(null);
    if (window == null) {
      return null;
    }
    OperationStats row = window.total(Role.CONSUMER, transport, operation);
    if (row == null || row.count() == 0) {
      return null;
    }
    Map<String, Double> stages = new LinkedHashMap<>();
    for (StageStats stage : row.stages()) {
      stages.put(stage.name(), stage.avgMicros());
    }
    Map<String, Long> connections = new LinkedHashMap<>();
    for (NetworkStats network : window.network()) {
      if (NetworkStats.CLIENT.equals(network.side())) {
        connections.merge(network.transport() + " " + network.endpoint(), network.connections(), Long::sum);
      }
    }
    return new Row(row.count(), row.avgMs() * 1000, stages, connections);
  }
}
