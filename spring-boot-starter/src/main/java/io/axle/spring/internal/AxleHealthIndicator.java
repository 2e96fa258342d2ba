package io.axle.spring.internal;

import io.axle.Axle;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Actuator's {@code axle} health component: UP while the runtime serves, with its listeners and
 * executors as details; OUT_OF_SERVICE while it stops (calls in flight finishing, no new
 * connections), so that a readiness probe turns traffic away before the ports close; DOWN before it
 * started and after it stopped.
 *
 * <p>A saturated executor (a group whose queue is full) is reported in the details, not as a status:
 * Axle already answers what it cannot queue with {@code OVERLOADED} at once, and an instance that
 * left readiness on every burst would move its load onto its peers.
 */
final class AxleHealthIndicator implements HealthIndicator {
  private final AxleLifecycle lifecycle;

  AxleHealthIndicator(AxleLifecycle lifecycle) {
    this.lifecycle = lifecycle;
  }

  @Override
  public Health health() {
    AxleLifecycle.State state = lifecycle.state();
    Axle axle = lifecycle.runningOrNull();
    if (state == AxleLifecycle.State.STOPPING) {
      return Health.outOfService().withDetail("state", "stopping: calls in flight finish, new connections are "
          + "refused").build();
    }
    if (state != AxleLifecycle.State.RUNNING || axle == null) {
      return Health.down().withDetail("state", state == AxleLifecycle.State.STOPPED ? "stopped" : "not started")
          .build();
    }
    Map<String, Object> view = RuntimeView.of(axle);
    return Health.up().withDetail("state", "serving").withDetail("service", view.get("service"))
        .withDetail("listening", view.get("listening")).withDetail("executors", view.get("executors")).build();
  }
}
