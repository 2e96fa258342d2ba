package io.axle.config.internal;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code servicecomb.} spelling of {@code axle.} keys, so that configurations written for ServiceComb
 * work unchanged.
 */
public final class Aliases {

  public static final String CANONICAL_PREFIX = "axle.";
  public static final String ALIAS_PREFIX = "servicecomb.";

  private Aliases() {
  }

  /** The {@code axle.} spelling of a key; other keys unchanged. */
  public static String canonical(String key) {
    return key.startsWith(ALIAS_PREFIX) ? CANONICAL_PREFIX + key.substring(ALIAS_PREFIX.length()) : key;
  }

  /** The {@code servicecomb.} spelling of an {@code axle.} key. */
  public static String alias(String canonicalKey) {
    if (!canonicalKey.startsWith(CANONICAL_PREFIX)) {
      throw new IllegalArgumentException("not an axle. key: " + canonicalKey);
    }
    return ALIAS_PREFIX + canonicalKey.substring(CANONICAL_PREFIX.length());
  }

  /**
   * Rewrites one source's keys to their {@code axle.} spelling. Must run per source, before merging:
   * within a source the {@code axle.} spelling wins whatever the order the two were written in, whereas
   * across sources the later source must win whichever spelling it used.
   */
  public static Map<String, ConfigValue> canonicalise(Map<String, ConfigValue> source) {
    Map<String, ConfigValue> result = new LinkedHashMap<>();
    source.forEach((key, value) -> {
      String canonical = canonical(key);
      if (canonical.equals(key) || !source.containsKey(canonical)) {
        result.put(canonical, value);
      }
    });
    return result;
  }
}
