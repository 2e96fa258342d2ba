package io.axle.config.internal;

import io.axle.config.ConfigKey;
import java.util.Collection;
import java.util.Optional;

/** Guesses which known key a misspelt one was meant to be. */
public final class KeySuggester {

  private KeySuggester() {
  }

  /**
   * The known key nearest by edit distance, if near enough to be a plausible typo. A family is compared
   * on as many dotted segments as its base name has, and the rest of the unknown key is kept, so that
   * {@code axle.registry.locl.perf1} suggests {@code axle.registry.local.perf1}.
   */
  public static Optional<String> suggest(String unknownKey, Collection<? extends ConfigKey<?>> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (ConfigKey<?> key : known) {
      String compared = key.isFamily() ? leadingSegments(unknownKey, segments(key.name())) : unknownKey;
      int distance = Levenshtein.distance(compared, key.name());
      if (distance < bestDistance && distance <= tolerance(key.name())) {
        bestDistance = distance;
        best = key.name() + unknownKey.substring(compared.length());
      }
    }
    return Optional.ofNullable(best);
  }

  /** A few typos, fewer for short names, where a handful of edits turns any name into any other. */
  private static int tolerance(String name) {
    return Math.max(1, Math.min(3, name.length() / 6));
  }

  private static int segments(String key) {
    return (int) key.chars().filter(c -> c == '.').count() + 1;
  }

  private static String leadingSegments(String key, int count) {
    int end = -1;
    for (int i = 0; i < count; i++) {
      end = key.indexOf('.', end + 1);
      if (end < 0) {
        return key;
      }
    }
    return key.substring(0, end);
  }
}
