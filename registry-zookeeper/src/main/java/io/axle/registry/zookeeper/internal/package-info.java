/** The ZooKeeper registry's parts: the Curator client, the per-service caches, the instance nodes and their JSON. */
package io.axle.registry.zookeeper.internal;
