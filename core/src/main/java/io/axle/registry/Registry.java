package io.axle.registry;

import java.util.Set;

/** Looks up service instances. Implementations must be thread-safe. */
public interface Registry {
  /** A live view of a service's instances; empty (not null) for a service the registry does not know. */
  ServiceInstances lookup(String serviceName);

  /** The services this registry knows now, for error messages that list what does exist. */
  Set<String> knownServices();
}
