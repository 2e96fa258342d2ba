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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * A registry held in memory, filled from {@code axle.registry.local.<service>} (endpoints) and
 * {@code axle.registry.schemas.<service>} (schema ids, optional) and changeable at run time with
 * {@link #update}, which notifies watchers like a remote registry would.
 */
public final class LocalRegistry implements Registry {
  private final Map<String, Instances> services = new ConcurrentHashMap<>();
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
    return Optional.ofNullable(schemas.get(serviceName));
  }

  /** Replaces a service's endpoints and notifies its watchers. */
  public void update(String serviceName, List<Endpoint> endpoints) {
    instances(serviceName).set(List.copyOf(endpoints));
  }

  @Override
  public ServiceInstances lookup(String serviceName) {
    return instances(serviceName);
  }

  @Override
  public Set<String> knownServices() {
    Set<String> known = new TreeSet<>();
    services.forEach((name, instances) -> {
      if (!instances.endpoints().isEmpty()) {
        known.add(name);
      }
    });
    return known;
  }

  private Instances instances(String serviceName) {
    return services.computeIfAbsent(serviceName, Instances::new);
  }

  private static final class Instances implements ServiceInstances {
    private final String serviceName;
    private final List<Consumer<List<Endpoint>>> watchers = new CopyOnWriteArrayList<>();
    private volatile List<Endpoint> endpoints = List.of();

    Instances(String serviceName) {
      this.serviceName = serviceName;
    }

    void set(List<Endpoint> next) {
      endpoints = next;
      for (Consumer<List<Endpoint>> watcher : watchers) {
        watcher.accept(next);
      }
    }

    @Override
    public String serviceName() {
      return serviceName;
    }

    @Override
    public List<Endpoint> endpoints() {
      return endpoints;
    }

    @Override
    public void watch(Consumer<List<Endpoint>> listener) {
      watchers.add(listener);
    }
  }
}
