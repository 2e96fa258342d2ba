package io.axle.registry;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One running instance of a service as a registry lists it: where it listens, what it serves and
 * whether it takes calls. Immutable.
 *
 * @param serviceName the service it is an instance of ({@code axle.service.name})
 * @param instanceId unique among the service's instances
 * @param version the service's version ({@code axle.service.version})
 * @param endpoints where it listens, one per transport, with addresses a client can reach
 *     (never a wildcard like {@code 0.0.0.0})
 * @param schemas the schema ids it serves; empty when the registry does not know them
 * @param status UP takes calls; DOWN is leaving (or not ready) and is not picked
 * @param properties free properties ({@code zone}, {@code weight}, …)
 */
public record ServiceInstance(String serviceName, String instanceId, String version, List<Endpoint> endpoints,
    Set<String> schemas, InstanceStatus status, Map<String, String> properties) {

  /** The property {@link #weight()} reads. */
  public static final String WEIGHT = "weight";
  /** The weight of an instance that names none. */
  public static final int DEFAULT_WEIGHT = 100;

  public ServiceInstance {
    requireText(serviceName, "serviceName");
    requireText(instanceId, "instanceId");
    requireText(version, "version");
    Objects.requireNonNull(status, "status");
    endpoints = List.copyOf(endpoints);
    for (Endpoint endpoint : endpoints) {
      if (isWildcard(endpoint.host())) {
        throw new IllegalArgumentException("instance " + instanceId + " endpoint: " + endpoint
            + " (expected: an address a client can reach, not a wildcard; set axle.registry.advertise-host)");
      }
    }
    schemas = Set.copyOf(new TreeSet<>(schemas));
    properties = Map.copyOf(new TreeMap<>(properties));
  }

  /** An UP instance with only endpoints, as a local list names one. */
  public static ServiceInstance ofEndpoint(String serviceName, Endpoint endpoint) {
    return new ServiceInstance(serviceName, endpoint.toString(), "0.0.0", List.of(endpoint), Set.of(),
        InstanceStatus.UP, Map.of());
  }

  public ServiceInstance withStatus(InstanceStatus next) {
    return new ServiceInstance(serviceName, instanceId, version, endpoints, schemas, next, properties);
  }

  /** The same instance with {@code next} as its properties. */
  public ServiceInstance withProperties(Map<String, String> next) {
    return new ServiceInstance(serviceName, instanceId, version, endpoints, schemas, status, next);
  }

  public boolean isUp() {
    return status == InstanceStatus.UP;
  }

  /** The endpoint for {@code transport}, or null when the instance does not listen on it. */
  public Endpoint endpoint(String transport) {
    for (Endpoint endpoint : endpoints) {
      if (endpoint.transport().equals(transport)) {
        return endpoint;
      }
    }
    return null;
  }

  /**
   * The {@code weight} property, for weighted load balancing: {@value #DEFAULT_WEIGHT} when unset,
   * 0 (never picked while another can be) up to any int; a value that is not a number counts as unset.
   */
  public int weight() {
    String text = properties.get(WEIGHT);
    if (text == null) {
      return DEFAULT_WEIGHT;
    }
    try {
      return Math.max(0, Integer.parseInt(text.trim()));
    } catch (NumberFormatException e) {
      return DEFAULT_WEIGHT;
    }
  }

  /** True for {@code 0.0.0.0}, {@code ::} and their spellings: bind-all addresses, not reachable ones. */
  public static boolean isWildcard(String host) {
    String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    return h.equals("0.0.0.0") || h.equals("::") || h.equals("0:0:0:0:0:0:0:0") || h.isEmpty();
  }

  private static void requireText(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("instance " + name + ": '" + value + "' (expected: a non-blank text)");
    }
  }
}
