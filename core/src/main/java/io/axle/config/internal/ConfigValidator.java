package io.axle.config.internal;

import io.axle.config.ConfigKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** The strict startup check: all problems at once, in key order so that related keys sit together. */
public final class ConfigValidator {

  private ConfigValidator() {
  }

  /**
   * Every value of a known key must parse, and every {@code axle.} key must be known. Other keys belong
   * to the application (or are system properties) and are not ours to judge.
   */
  public static List<String> problems(Map<String, ConfigValue> values, Collection<? extends ConfigKey<?>> known) {
    return problems(values, known, Map.of());
  }

  /**
   * As {@link #problems(Map, Collection)}, and a key that takes a name registered at run time must, when
   * it is in {@code registered} (by the declared key's name), give one of its fixed words or one of those
   * names.
   */
  public static List<String> problems(Map<String, ConfigValue> values, Collection<? extends ConfigKey<?>> known,
      Map<String, Set<String>> registered) {
    KnownKeys knownKeys = new KnownKeys(known);
    List<String> problems = new ArrayList<>();
    new TreeMap<>(values).forEach((key, value) -> {
      Optional<ConfigKey<?>> declared = knownKeys.find(key);
      if (declared.isPresent()) {
        problem(key, value, declared.get(), registered.get(declared.get().name())).ifPresent(problems::add);
      } else if (key.startsWith(Aliases.CANONICAL_PREFIX)) {
        problems.add(Problems.unknownKey(key, value, KeySuggester.suggest(key, known)));
      }
    });
    return problems;
  }

  private static <T> Optional<String> problem(String key, ConfigValue value, ConfigKey<T> declared,
      Set<String> registered) {
    T parsed;
    try {
      parsed = declared.parse(value.text());
    } catch (IllegalArgumentException e) {
      return Optional.of(Problems.badValue(key, value, declared.expected()));
    }
    if (registered != null && declared.takesRegisteredNames() && !declared.isFixedChoice(parsed)
        && !registered.contains(String.valueOf(parsed))) {
      return Optional.of(Problems.badValue(key, value, declared.expected() + "; registered: "
          + (registered.isEmpty() ? "none" : String.join(", ", new TreeSet<>(registered)))));
    }
    return Optional.empty();
  }
}
