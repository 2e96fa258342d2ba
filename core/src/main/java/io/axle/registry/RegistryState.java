package io.axle.registry;

/**
 * The registry a runtime lists itself in and looks services up in, as health checks show it.
 *
 * @param registry what the registry is, as errors name it ({@link Registry#describe()}): {@code the local
 *     registry}, {@code ZooKeeper at 10.0.0.7:2181 under /axle/services}
 * @param reachable false while a remote registry cannot be reached (its connection lost): the instances
 *     last seen are still called, but new ones are not learned and this instance may drop out of others' lists
 */
public record RegistryState(String registry, boolean reachable) {
}
