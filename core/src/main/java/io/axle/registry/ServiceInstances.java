package io.axle.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** The live instance list of one service, kept current by the registry's watch. */
public interface ServiceInstances {
  String serviceName();

  /** The instances now, UP and DOWN; an immutable snapshot, possibly empty. */
  List<ServiceInstance> instances();

  /**
   * Calls the listener with each new snapshot after a change, until the returned watch is closed.
   * Listeners must be fast. Whoever watches keeps the watch and closes it when done: an open watch
   * holds its listener, and in a remote registry the service's cache, for the life of the registry.
   */
  Watch watch(Consumer<List<ServiceInstance>> listener);

  /** The endpoints of the UP instances now, in instance order. */
  default List<Endpoint> endpoints() {
    List<Endpoint> endpoints = new ArrayList<>();
    for (ServiceInstance instance : instances()) {
      if (instance.isUp()) {
        endpoints.addAll(instance.endpoints());
      }
    }
    return List.copyOf(endpoints);
  }
}
