/**
 * A registry on Apache ZooKeeper, through Curator: {@code axle.registry.type: zookeeper} and the
 * {@link io.axle.registry.zookeeper.ZooKeeperKeys}; and, on the same ensemble, the service's configuration,
 * applied live. docs/registry.md gives the data layout, the lifecycle and what happens when ZooKeeper cannot be
 * reached.
 */
package io.axle.registry.zookeeper;
