package io.axle.spring.internal;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

/**
 * {@code /actuator/axle}: the runtime as it runs, for an operator who would otherwise read start-up
 * logs: its state, listeners, the configuration version in force and the last change refused, executors (and
 * whether a group's queue is full), the configuration that is set with the source of each value, policy
 * states, and the last metrics window. Exposed as any Actuator endpoint is
 * ({@code management.endpoints.web.exposure.include=axle}).
 *
 * <p>{@code POST /actuator/axle/config} with {@code {"values": "axle.executors.default: inline"}} changes the
 * running configuration. {@code values} is YAML or JSON text, as {@code microservice.yaml} would hold it (Actuator
 * hands a write operation string fields only). Its keys become the whole layer of the source {@code actuator}
 * (a key the last such change set and this one leaves out falls back), applied as a whole or refused
 * (docs/live-configuration.md).
 * Off unless the application grants it, as Boot grants any write operation:
 * {@code management.endpoint.axle.access: unrestricted} (the starter's default is {@code read-only}).
 */
@Endpoint(id = "axle")
public class AxleEndpoint {
  /** The source name a change made through this endpoint has in versions and logs. */
  static final String SOURCE = "actuator";
  private static final String CONFIG = "config";

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

  /**
   * Applies {@code values} as the actuator's layer: 200 with the version in force, 400 with every problem when
   * refused (nothing applied), 503 when the runtime is not running.
   */
  @WriteOperation
  public WebEndpointResponse<Map<String, Object>> change(@Selector String part, @Nullable String values) {
    if (!CONFIG.equals(part)) {
      return new WebEndpointResponse<>(Map.of("error", "/actuator/axle/" + part
          + " (expected: /actuator/axle/config)"), WebEndpointResponse.STATUS_NOT_FOUND);
    }
    if (values == null) {
      return new WebEndpointResponse<>(Map.of("error", "values: missing (expected: a JSON body such as "
          + "{\"values\": \"axle.executors.default: inline\"}, YAML or JSON text; {\"values\": \"{}\"} takes the "
          + "actuator's last change back)"), WebEndpointResponse.STATUS_BAD_REQUEST);
    }
    Map<String, String> parsed;
    try {
      parsed = AxleConfig.builder().yaml(values, SOURCE).build().texts();
    } catch (RuntimeException e) {
      return new WebEndpointResponse<>(Map.of("error", "values: " + e.getMessage() + " (expected: YAML or JSON "
          + "text, as microservice.yaml holds it)"), WebEndpointResponse.STATUS_BAD_REQUEST);
    }
    Axle axle = lifecycle.runningOrNull();
    if (axle == null) {
      return new WebEndpointResponse<>(Map.of("error", "the Axle runtime is " + lifecycle.state().name()
          .toLowerCase(java.util.Locale.ROOT) + " (expected: running)"), WebEndpointResponse.STATUS_SERVICE_UNAVAILABLE);
    }
    try {
      axle.reconfigure(SOURCE, parsed);
      return new WebEndpointResponse<>(RuntimeView.config(axle), WebEndpointResponse.STATUS_OK);
    } catch (ConfigException e) {
      Map<String, Object> refused = new LinkedHashMap<>();
      refused.put("refused", e.problems());
      refused.put("config", RuntimeView.config(axle));
      return new WebEndpointResponse<>(refused, WebEndpointResponse.STATUS_BAD_REQUEST);
    }
  }
}
