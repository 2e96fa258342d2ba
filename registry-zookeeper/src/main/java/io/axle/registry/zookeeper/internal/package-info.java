/**
 * The ZooKeeper registry's parts: the Curator clients, the per-service caches, the instance nodes and their JSON,
 * and the watch of the service's configuration nodes.
 */
package io.axle.registry.zookeeper.internal;
