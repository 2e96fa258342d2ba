package io.axle.internal;

import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.registry.LocalRegistry;
import io.axle.registry.Registry;
import io.axle.registry.RegistryFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Makes the registry {@code axle.registry.type} names: the built-in local one, or one found on the class path. */
final class Registries {
  private static final Logger log = LoggerFactory.getLogger(Registries.class);
  static final String LOCAL = "local";

  private Registries() {
  }

  static Registry fromConfig(AxleConfig config) {
    String type = config.get(CoreConfigKeys.REGISTRY_TYPE);
    if (LOCAL.equals(type)) {
      return local(config);
    }
    List<String> found = new ArrayList<>(List.of(LOCAL));
    for (RegistryFactory factory : ServiceLoader.load(RegistryFactory.class)) {
      if (factory.type().equals(type)) {
        warnUnusedLocalLists(config, type);
        return factory.create(config);
      }
      found.add(factory.type());
    }
    String key = CoreConfigKeys.REGISTRY_TYPE.name();
    throw new IllegalArgumentException(key + ": " + type + " (expected: a registry on the class path: " + found
        + "; zookeeper needs the dependency io.axle:axle-registry-zookeeper) — " + config.origin(key));
  }

  /**
   * A list left from a local set-up is not used by another registry, and a consumer would call what that
   * registry lists instead: said once at start, so that nobody thinks the list still applies.
   */
  private static void warnUnusedLocalLists(AxleConfig config, String type) {
    for (String service : config.subset("axle.registry.local").keySet()) {
      String key = "axle.registry.local." + service;
      log.warn("{} is not used: axle.registry.type is {}, whose registry lists the instances of {} (expected: "
          + "remove the key, or axle.registry.type: local to call the listed instances) — {}", key, type, service,
          config.origin(key));
    }
  }

  private static Registry local(AxleConfig config) {
    Map<String, List<String>> services = new LinkedHashMap<>();
    for (String service : config.subset("axle.registry.local").keySet()) {
      services.put(service, config.getMostSpecific(CoreConfigKeys.REGISTRY_LOCAL, service));
    }
    LocalRegistry registry = LocalRegistry.of(services);
    for (String service : config.subset("axle.registry.schemas").keySet()) {
      registry.schemas(service, config.getMostSpecific(CoreConfigKeys.REGISTRY_SCHEMAS, service));
    }
    return registry;
  }
}
