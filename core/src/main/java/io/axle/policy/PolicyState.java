package io.axle.policy;

import java.util.Objects;

/**
 * A policy's state worth showing now, e.g. {@code breaker echo-service/EchoService.echo} is
 * {@code OPEN}, or {@code adaptive-limit axle.governance.adaptive-limit.algorithm} is
 * {@code limit=24 inflight=20}. Each metrics window carries the states of its runtime's policies.
 */
public record PolicyState(String name, String state) {
  public PolicyState {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(state, "state");
  }
}
