package io.axle.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/** The set of keys known to this process: core's own plus whatever the modules on the classpath declare. */
public final class ConfigKeys {

  private ConfigKeys() {
  }

  /**
   * Core's keys first, then every {@link ConfigKeyProvider} found by {@link ServiceLoader} with the
   * thread's context class loader. When two providers declare the same name the first one wins, which
   * also absorbs core being found twice (directly and through its own service registration).
   */
  public static List<ConfigKey<?>> all() {
    Map<String, ConfigKey<?>> byName = new LinkedHashMap<>();
    addAll(byName, new CoreConfigKeys().keys());
    for (ConfigKeyProvider provider : ServiceLoader.load(ConfigKeyProvider.class)) {
      addAll(byName, provider.keys());
    }
    return List.copyOf(byName.values());
  }

  /**
   * The declared key behind a configured name, among {@link #all()} and the keys of the transports on the class
   * path: the key of exactly that name, else the family covering it ({@code axle.request.timeout.orders} is
   * {@code axle.request.timeout}'s). Empty for a name no key declares.
   */
  public static java.util.Optional<ConfigKey<?>> find(String name) {
    List<ConfigKey<?>> known = new java.util.ArrayList<>(all());
    // The transports' keys too, as a runtime knows them when it starts.
    ServiceLoader.load(io.axle.transport.TransportFactory.class).forEach(f -> known.addAll(f.configKeys()));
    return new io.axle.config.internal.KnownKeys(known).find(io.axle.config.internal.Aliases.canonical(name));
  }

  private static void addAll(Map<String, ConfigKey<?>> byName, List<ConfigKey<?>> keys) {
    for (ConfigKey<?> key : keys) {
      byName.putIfAbsent(key.name(), key);
    }
  }
}
