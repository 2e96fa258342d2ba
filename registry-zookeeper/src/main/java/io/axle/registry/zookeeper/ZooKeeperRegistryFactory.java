package io.axle.registry.zookeeper;

import io.axle.config.AxleConfig;
import io.axle.registry.Registry;
import io.axle.registry.RegistryFactory;
import io.axle.registry.zookeeper.internal.ZooKeeperRegistry;

/** {@code axle.registry.type: zookeeper}: found by {@link java.util.ServiceLoader} when this module is on the class path. */
public final class ZooKeeperRegistryFactory implements RegistryFactory {
  public static final String TYPE = "zookeeper";

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public Registry create(AxleConfig config) {
    return ZooKeeperRegistry.connect(config);
  }
}
