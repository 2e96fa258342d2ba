package io.axle.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigVersion;
import io.axle.config.CoreConfigKeys;
import io.axle.registry.Endpoint;
import io.axle.registry.InstanceStatus;
import io.axle.registry.Registration;
import io.axle.registry.Registry;
import io.axle.registry.ServiceInstance;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A provider runtime's own entry in the registry: made once every transport listens, with the
 * addresses actually bound (a wildcard replaced by the advertised host); on a graceful stop marked
 * DOWN, kept a while so that consumers' watches fire, then removed, all before the transports
 * send GOAWAY.
 */
final class SelfRegistration {
  private static final Logger log = LoggerFactory.getLogger(SelfRegistration.class);

  private final Registry registry;
  private final Registration registration;

  private SelfRegistration(Registry registry, Registration registration) {
    this.registry = registry;
    this.registration = registration;
  }

  /** The entry's property naming the number of the configuration version the instance runs. */
  static final String CONFIG_VERSION = "config-version";
  /** The entry's property holding the hash of that version: instances that run the same configuration agree. */
  static final String CONFIG_HASH = "config-hash";
  /** The entry's property holding when that version took effect, in milliseconds since the epoch. */
  static final String CONFIG_APPLIED_AT = "config-applied-at";

  static SelfRegistration register(Registry registry, AxleConfig config, ConfigVersion version, String instanceId,
      Collection<Endpoint> bound, Set<String> schemaIds) {
    ServiceInstance instance = instance(config, version, instanceId, bound, schemaIds);
    Registration registration = registry.register(instance);
    log.info("registered {} as {} in {}: {}", instance.serviceName(), instance.instanceId(),
        registry.describe(), instance.endpoints());
    return new SelfRegistration(registry, registration);
  }

  /** {@code axle.registry.instance-id}, else the service's name and a random suffix: one per process. */
  static String newInstanceId(AxleConfig config) {
    return config.find(CoreConfigKeys.REGISTRY_INSTANCE_ID)
        .orElseGet(() -> config.get(CoreConfigKeys.SERVICE_NAME) + "-" + UUID.randomUUID().toString().substring(0, 8));
  }

  static ServiceInstance instance(AxleConfig config, ConfigVersion version, String instanceId,
      Collection<Endpoint> bound, Set<String> schemaIds) {
    String service = config.get(CoreConfigKeys.SERVICE_NAME);
    List<Endpoint> endpoints = new ArrayList<>();
    String advertised = null;
    for (Endpoint endpoint : bound) {
      if (ServiceInstance.isWildcard(endpoint.host())) {
        if (advertised == null) {
          advertised = config.find(CoreConfigKeys.REGISTRY_ADVERTISE_HOST).orElseGet(SelfRegistration::localHost);
        }
        endpoints.add(new Endpoint(endpoint.transport(), advertised, endpoint.port()));
      } else {
        endpoints.add(endpoint);
      }
    }
    return new ServiceInstance(service, instanceId, config.get(CoreConfigKeys.SERVICE_VERSION), endpoints, schemaIds,
        InstanceStatus.UP, properties(config, version));
  }

  /** The user's properties ({@code axle.registry.properties.*}), then the configuration version in force. */
  private static Map<String, String> properties(AxleConfig config, ConfigVersion version) {
    Map<String, String> properties = new LinkedHashMap<>();
    config.subset(CoreConfigKeys.REGISTRY_PROPERTIES.name()).forEach(properties::put);
    properties.put(CONFIG_VERSION, Long.toString(version.number()));
    properties.put(CONFIG_HASH, version.hash());
    properties.put(CONFIG_APPLIED_AT, Long.toString(version.appliedAt().toEpochMilli()));
    return properties;
  }

  /**
   * Publishes a configuration change in the entry: its version, and the properties it may have changed (a
   * weight). Never throws: the change is in force whether or not the registry heard of it.
   */
  void publish(AxleConfig config, ConfigVersion version) {
    try {
      registration.update(properties(config, version));
    } catch (RuntimeException e) {
      log.warn("could not publish configuration {} in the entry of {} in {}: {}", version,
          registration.instance().instanceId(), registry.describe(), e.toString());
    }
  }

  /** How long a stop waits, with a registry whose watchers hear at once, for calls already routed here. */
  static final Duration SETTLE = Duration.ofMillis(100);

  /**
   * Marks the instance DOWN; with a registry whose watches take time, waits for them (at most
   * {@code budget}); then deregisters. Never throws: a registry that cannot be reached loses the
   * entry with the session anyway.
   */
  void leave(Duration wait, Duration budget) {
    try {
      registration.markDown();
      if (registry.isDynamic()) {
        long millis = Math.min(wait.toMillis(), budget.toMillis());
        log.info("marked {} DOWN in {}; waiting {} ms for consumers to stop picking it",
            registration.instance().instanceId(), registry.describe(), millis);
        Thread.sleep(millis);
      } else {
        // Its watchers heard at once, but a call that picked this instance just before may not be
        // written yet: a moment for it, or an HTTP/1.1 server closing its idle connections could lose it.
        Thread.sleep(Math.min(SETTLE.toMillis(), budget.toMillis()));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException e) {
      log.warn("could not mark {} DOWN in {}: {}", registration.instance().instanceId(),
          registry.describe(), e.toString());
    }
    try {
      registration.deregister();
    } catch (RuntimeException e) {
      log.warn("could not deregister {} from {}: {}", registration.instance().instanceId(),
          registry.describe(), e.toString());
    }
  }

  /** The first site-local IPv4 address of an interface that is up, else any non-loopback one, else loopback. */
  private static String localHost() {
    String fallback = null;
    try {
      for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        if (!nic.isUp() || nic.isLoopback() || nic.isVirtual()) {
          continue;
        }
        for (InetAddress address : Collections.list(nic.getInetAddresses())) {
          if (address instanceof Inet4Address && !address.isLoopbackAddress() && !address.isLinkLocalAddress()) {
            if (address.isSiteLocalAddress()) {
              return address.getHostAddress();
            }
            if (fallback == null) {
              fallback = address.getHostAddress();
            }
          }
        }
      }
    } catch (SocketException e) {
      log.warn("cannot list the network interfaces ({}); advertising the loopback address", e.toString());
    }
    return fallback != null ? fallback : InetAddress.getLoopbackAddress().getHostAddress();
  }
}
