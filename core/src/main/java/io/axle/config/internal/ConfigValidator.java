package io.axle.config.internal;

import io.axle.config.ConfigKey;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The strict startup check: all problems at once, in key order so that related keys sit together. */
public final class ConfigValidator {

  private ConfigValidator() {
  }

  /**
   * Every value of a known key must parse, and every {@code axle.} key must be known. Other keys belong
   * to the application (or are system properties) and are not ours to judge.
   */
  public static List<String> problems(Map<String, ConfigValue> values, Collection<? extends ConfigKey<?>> known) {
    KnownKeys knownKeys = new KnownKeys(known);
    List<String> problems = new ArrayList<>();
    new TreeMap<>(values).forEach((key, value) -> {
      Optional<ConfigKey<?>> declared = knownKeys.find(key);
      if (declared.isPresent()) {
        parseProblem(key, value, declared.get()).ifPresent(problems::add);
      } else if (key.startsWith(Aliases.CANONICAL_PREFIX)) {
        problems.add(Problems.unknownKey(key, value, KeySuggester.suggest(key, known)));
      }
    });
    return problems;
  }

  private static Optional<String> parseProblem(String key, ConfigValue value, ConfigKey<?> declared) {
    try {
      declared.parse(value.text());
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of(Problems.badValue(key, value, declared.expected()));
    }
  }
}
