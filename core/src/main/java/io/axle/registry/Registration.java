package io.axle.registry;

/**
 * A provider's own entry in a registry, as {@link Registry#register} made it. A graceful stop
 * calls {@link #markDown()}, waits for consumers to hear of it, then {@link #deregister()}.
 * Thread-safe; both calls are idempotent.
 */
public interface Registration {
  /** The instance as registered (UP). */
  ServiceInstance instance();

  /** Lists the instance as DOWN: consumers stop picking it; it stays listed. */
  void markDown();

  /** Removes the instance from the registry; it is no longer kept there (or registered again). */
  void deregister();
}
