package io.axle.config.internal;

import io.axle.config.ConfigKey;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** Finds the declared key behind a configured key name or an environment variable name. */
public final class KnownKeys {

  private final Map<String, ConfigKey<?>> byName = new LinkedHashMap<>();
  private final Map<String, String> nameByEnvName = new LinkedHashMap<>();

  public KnownKeys(Collection<? extends ConfigKey<?>> keys) {
    for (ConfigKey<?> key : keys) {
      byName.putIfAbsent(key.name(), key);
      nameByEnvName.putIfAbsent(envName(key.name()), key.name());
    }
  }

  public List<ConfigKey<?>> all() {
    return List.copyOf(byName.values());
  }

  /**
   * The key declared with exactly this name, else the family with the longest name covering it, so a
   * more specific declaration inside a family takes precedence.
   */
  public Optional<ConfigKey<?>> find(String key) {
    ConfigKey<?> exact = byName.get(key);
    if (exact != null) {
      return Optional.of(exact);
    }
    for (int dot = key.lastIndexOf('.'); dot > 0; dot = key.lastIndexOf('.', dot - 1)) {
      ConfigKey<?> candidate = byName.get(key.substring(0, dot));
      if (candidate != null && candidate.isFamily()) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /**
   * The key whose {@link #envName} this is. Only declared names are mapped, so a family member (whose
   * service or schema part has a case the environment cannot express) is settable by its base name only.
   */
  public Optional<String> nameForEnv(String envName) {
    return Optional.ofNullable(nameByEnvName.get(envName));
  }

  /** {@code axle.highway.server.thread-count} → {@code AXLE_HIGHWAY_SERVER_THREAD_COUNT}. */
  public static String envName(String key) {
    return key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
  }
}
