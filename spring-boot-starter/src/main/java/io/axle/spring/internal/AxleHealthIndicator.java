package io.axle.spring.internal;

import io.axle.Axle;
import io.axle.registry.RegistryState;
import java.util.Map;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Actuator's {@code axle} health component: UP while the runtime serves, with its listeners and
 * executors as details; OUT_OF_SERVICE while it stops (calls in flight finishing, no new
 * connections), so that a readiness probe turns traffic away before the ports close; DOWN before it
 * started and after it stopped.
 *
 * <p>Still UP while a remote registry cannot be reached, with the registry's {@code reachable: false} and a
 * {@code state} that says so in the details: the runtime serves every call that reaches it and calls the
 * instances it last saw, so nothing a liveness or readiness probe acts on has changed. A registry outage
 * reaches every instance of every service at once; a status that followed it would have a load balancer or
 * Kubernetes pull the whole fleet together (docs/spring-boot.md, "Actuator"). Details: the service, listeners,
 * registry, executors and, with metrics, the connections open per endpoint.
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
    Map<String, Object> view = RuntimeView.of(axle, lifecycle.metricsOrNull());
    RegistryState registry = axle.registryState();
    Health.Builder health = Health.up().withDetail("state", registry.reachable() ? "serving"
        : "serving, but " + registry.registry() + " cannot be reached: calls go to the instances last listed, new "
            + "ones are not learned, and this instance may drop out of others' lists");
    view.forEach(health::withDetail);
    return health.build();
  }
}
