package io.axle.perf;

import java.util.List;

/**
 * What this process is, chosen from the command line before Spring starts, and the Spring profiles that
 * say so: the producer's beans are active under {@code producer}, the consumer's under {@code consumer},
 * and {@code --loopback} is a consumer whose producer is a child process ({@code loopback}); the proxy's
 * forwarding {@code PerfService} is active under {@code proxy}.
 */
public enum Role {
  PRODUCER("perf1", "producer"),
  CONSUMER("perf-consumer", "consumer"),
  LOOPBACK("perf-consumer", "consumer", "loopback"),
  /** A producer whose PerfService forwards to {@code proxy.target} ({@code --proxy}). */
  PROXY("perf-proxy", "proxy");

  private final String serviceName;
  private final List<String> profiles;

  Role(String serviceName, String... profiles) {
    this.serviceName = serviceName;
    this.profiles = List.of(profiles);
  }

  /** {@code axle.service.name} unless the user sets one. */
  public String serviceName() {
    return serviceName;
  }

  public List<String> profiles() {
    return profiles;
  }
}
