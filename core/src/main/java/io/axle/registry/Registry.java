package io.axle.registry;

import java.util.Optional;
import java.util.Set;

/** Looks up service instances. Implementations must be thread-safe. */
public interface Registry {
  /** A live view of a service's instances; empty (not null) for a service the registry does not know. */
  ServiceInstances lookup(String serviceName);

  /** The services this registry knows now, for error messages that list what does exist. */
  Set<String> knownServices();

  /**
   * The schema ids a service serves, if this registry knows them; empty if it does not, in which case a
   * reference to any schema id of the service is accepted and an unknown one fails at its first call.
   */
  default Optional<Set<String>> schemas(String serviceName) {
    return Optional.empty();
  }
}
