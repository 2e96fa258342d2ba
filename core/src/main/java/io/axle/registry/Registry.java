package io.axle.registry;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where services live: providers {@link #register} themselves, consumers {@link #lookup} a live
 * view of a service's instances. Implementations must be thread-safe. The runtime closes a
 * registry it made from configuration ({@link RegistryFactory}); one handed to the builder is the
 * caller's to close.
 */
public interface Registry extends AutoCloseable {
  /** A live view of a service's instances; empty (not null) for a service the registry does not know. */
  ServiceInstances lookup(String serviceName);

  /** The services this registry knows now, for error messages that list what does exist. */
  Set<String> knownServices();

  /**
   * The schema ids a service serves, if this registry knows them; empty if it does not, in which case a
   * reference to any schema id of the service is accepted and an unknown one fails at its first call.
   * By default the schemas its instances list, when every one lists some.
   */
  default Optional<Set<String>> schemas(String serviceName) {
    Set<String> schemas = new TreeSet<>();
    var instances = lookup(serviceName).instances();
    for (ServiceInstance instance : instances) {
      if (instance.schemas().isEmpty()) {
        return Optional.empty();
      }
      schemas.addAll(instance.schemas());
    }
    return instances.isEmpty() ? Optional.empty() : Optional.of(Set.copyOf(schemas));
  }

  /** Lists {@code instance} (UP) until its registration is removed or, for a remote registry, the process dies. */
  Registration register(ServiceInstance instance);

  /**
   * True when instances come and go on their own (a remote registry): a reference to a service with
   * none yet is made and its calls fail until one appears, and a stopping provider waits after
   * {@link Registration#markDown()} for consumers' watches to fire. False for a list fixed in
   * configuration, where an unknown service is a mistake reported at once.
   */
  default boolean isDynamic() {
    return false;
  }

  /**
   * Whether the registry can be read and written now. A remote registry answers false while its connection is
   * lost (the instances it last listed are still called meanwhile); a list fixed in configuration is always
   * reachable.
   */
  default boolean isReachable() {
    return true;
  }

  /**
   * What a log line or an error names the registry by, after "in": {@code the local registry},
   * {@code ZooKeeper at 10.0.0.7:2181 under /axle/services}.
   */
  default String describe() {
    return getClass().getSimpleName();
  }

  /**
   * What would list an instance of {@code serviceName} reachable over {@code transport}, for the
   * "expected:" part of errors.
   */
  default String howToList(String serviceName, String transport) {
    return "a registered instance of " + serviceName + " with a " + transport + " endpoint";
  }

  @Override
  default void close() {
  }
}
