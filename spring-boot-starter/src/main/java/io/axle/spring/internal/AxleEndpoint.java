package io.axle.spring.internal;

import io.axle.Axle;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;

/**
 * {@code /actuator/axle}: the runtime as it runs, for an operator who would otherwise read start-up
 * logs: its state, listeners, executors (and whether a group's queue is full), the configuration
 * that is set with the source of each value, policy states, and the last metrics window. Exposed as
 * any Actuator endpoint is ({@code management.endpoints.web.exposure.include=axle}).
 */
@Endpoint(id = "axle")
public class AxleEndpoint {
  private final AxleLifecycle lifecycle;

  AxleEndpoint(AxleLifecycle lifecycle) {
    this.lifecycle = lifecycle;
  }

  @ReadOperation
  public Map<String, Object> axle() {
    Map<String, Object> view = new LinkedHashMap<>();
    view.put("state", lifecycle.state().name().toLowerCase(java.util.Locale.ROOT));
    Axle axle = lifecycle.runningOrNull();
    if (axle != null) {
      view.putAll(RuntimeView.full(axle, lifecycle.metricsOrNull()));
    }
    return view;
  }
}
