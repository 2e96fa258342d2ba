package io.axle.registry;

import io.axle.config.AxleConfig;

/**
 * Makes the registry {@code axle.registry.type} names. Listed in
 * {@code META-INF/services/io.axle.registry.RegistryFactory}, so that a registry's jar on the class
 * path plus that one key is all it takes; {@code local} is built in. Its configuration keys are
 * declared like any module's, by a {@link io.axle.config.ConfigKeyProvider}.
 */
public interface RegistryFactory {
  /** The value of {@code axle.registry.type} that selects it. */
  String type();

  /**
   * Connects (within a bounded wait) and returns the registry.
   *
   * @throws io.axle.config.ConfigException or IllegalStateException naming the key and the value
   *     when it cannot
   */
  Registry create(AxleConfig config);
}
