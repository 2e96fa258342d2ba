package io.axle.spring;

import io.axle.Axle;
import io.axle.metrics.AxleMetrics;
import java.util.Optional;

/**
 * The application context's Axle runtime, for code that needs it directly: the endpoints it bound
 * ({@code axle().endpoint("highway")}), its executors, or a reference whose service is only known at run
 * time. A bean; inject it like any other.
 */
public interface AxleRuntimeHolder {

  /**
   * The running runtime.
   *
   * @throws IllegalStateException before the context has been refreshed, or once it is stopped
   */
  Axle axle();

  /** Whether the runtime is started and not yet stopped. */
  boolean isRunning();

  /**
   * The running runtime's metrics windows ({@code axle.metrics.*}), for code that shows or serves them; empty
   * when metrics are off ({@code axle.metrics.enabled: false}) or the runtime is not running.
   */
  Optional<AxleMetrics> metrics();
}
