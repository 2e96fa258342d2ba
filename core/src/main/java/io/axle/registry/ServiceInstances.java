package io.axle.registry;

import java.util.List;
import java.util.function.Consumer;

/** The live endpoint list of one service. */
public interface ServiceInstances {
  String serviceName();

  /** The endpoints now; an immutable snapshot, possibly empty. */
  List<Endpoint> endpoints();

  /** Calls the listener with each new snapshot after a change. Listeners must be fast. */
  void watch(Consumer<List<Endpoint>> listener);
}
