package io.axle.registry;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A registry held in memory, filled from {@code axle.registry.local.<service>} (endpoints, each
 * taken as an instance of its own) and {@code axle.registry.schemas.<service>} (schema ids,
 * optional), changeable at run time with {@link #update} and {@link #register}, which notify
 * watchers like a remote registry would. Shared by several runtimes of one JVM it is a registry
 * for tests and demos: providers registered in it are found by the consumers that use it.
 */
public final class LocalRegistry implements Registry {
  private final Map<String, InstanceList> services = new ConcurrentHashMap<>();
  private final Map<String, Set<String>> schemas = new ConcurrentHashMap<>();

  /** A registry with the given services; each value is a list of {@code transport://host:port}. */
  public static LocalRegistry of(Map<String, List<String>> endpointsByService) {
    LocalRegistry registry = new LocalRegistry();
    endpointsByService.forEach((service, uris) -> {
      List<Endpoint> endpoints = new ArrayList<>();
      for (String uri : uris) {
        endpoints.add(Endpoint.parse(uri));
      }
      registry.update(service, endpoints);
    });
    return registry;
  }

  /** Declares the schema ids a service serves, so that references to others fail at once ({@link #schemas}). */
  public void schemas(String serviceName, Collection<String> schemaIds) {
    schemas.put(serviceName, Collections.unmodifiableSet(new TreeSet<>(schemaIds)));
  }

  @Override
  public Optional<Set<String>> schemas(String serviceName) {
    Set<String> declared = schemas.get(serviceName);
    return declared != null ? Optional.of(declared) : Registry.super.schemas(serviceName);
  }

  /** Replaces a service's instances with one UP instance per endpoint, and notifies its watchers. */
  public void update(String serviceName, List<Endpoint> endpoints) {
    List<ServiceInstance> next = new ArrayList<>();
    for (Endpoint endpoint : endpoints) {
      next.add(ServiceInstance.ofEndpoint(serviceName, endpoint));
    }
    instances(serviceName).change(all -> List.copyOf(next));
  }

  @Override
  public Registration register(ServiceInstance instance) {
    InstanceList instances = instances(instance.serviceName());
    instances.change(all -> replaced(all, instance.instanceId(), instance));
    return new Registration() {
      @Override
      public ServiceInstance instance() {
        return instance;
      }

      @Override
      public void markDown() {
        instances.change(all -> all.stream().anyMatch(i -> i.instanceId().equals(instance.instanceId()))
            ? replaced(all, instance.instanceId(), instance.withStatus(InstanceStatus.DOWN)) : all);
      }

      @Override
      public void update(Map<String, String> properties) {
        instances.change(all -> all.stream().filter(i -> i.instanceId().equals(instance.instanceId())).findFirst()
            .map(listed -> replaced(all, instance.instanceId(), listed.withProperties(properties))).orElse(all));
      }

      @Override
      public void deregister() {
        instances.change(all -> replaced(all, instance.instanceId(), null));
      }
    };
  }

  private static List<ServiceInstance> replaced(List<ServiceInstance> all, String instanceId, ServiceInstance next) {
    List<ServiceInstance> result = new ArrayList<>(all.size() + 1);
    boolean found = false;
    for (ServiceInstance instance : all) {
      if (instance.instanceId().equals(instanceId)) {
        found = true;
        if (next != null) {
          result.add(next);
        }
      } else {
        result.add(instance);
      }
    }
    if (!found && next != null) {
      result.add(next);
    }
    return List.copyOf(result);
  }

  @Override
  public ServiceInstances lookup(String serviceName) {
    return instances(serviceName);
  }

  @Override
  public Set<String> knownServices() {
    Set<String> known = new TreeSet<>();
    services.forEach((name, instances) -> {
      if (!instances.instances().isEmpty()) {
        known.add(name);
      }
    });
    return known;
  }

  @Override
  public String describe() {
    return "the local registry";
  }

  @Override
  public String howToList(String serviceName, String transport) {
    return "a " + transport + "://host:port entry in axle.registry.local." + serviceName;
  }

  private InstanceList instances(String serviceName) {
    return services.computeIfAbsent(serviceName, InstanceList::new);
  }
}
