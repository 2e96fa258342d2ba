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

  /**
   * Replaces the properties of the registered entry, its status kept: what changes while the instance runs,
   * such as the configuration version it runs or its weight. Consumers' watches hear of it as of any change.
   *
   * @throws UnsupportedOperationException when the registry cannot change an entry in place
   */
  default void update(java.util.Map<String, String> properties) {
    throw new UnsupportedOperationException(getClass().getName() + " cannot change a registered entry's properties");
  }

  /** Removes the instance from the registry; it is no longer kept there (or registered again). */
  void deregister();
}
