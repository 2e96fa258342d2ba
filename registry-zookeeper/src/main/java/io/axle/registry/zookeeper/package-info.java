/**
 * A registry on Apache ZooKeeper, through Curator: {@code axle.registry.type: zookeeper} and the
 * {@link io.axle.registry.zookeeper.ZooKeeperKeys}. docs/registry.md gives the data layout,
 * the lifecycle and what happens when ZooKeeper cannot be reached.
 */
package io.axle.registry.zookeeper;
