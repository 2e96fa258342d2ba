package io.axle.registry.zookeeper;

/** The schema the fleet serves: each producer answers with its own name, so a caller sees where a call went. */
public interface Greeter {
  String whoAmI(String caller);
}
