package io.axle.config.internal;

import java.util.Optional;

/**
 * The wording of configuration problems. Every line names the key, the offending value, what was
 * expected and where the value came from, so the operator can fix it without reading code.
 */
public final class Problems {

  private static final String SEE_DOCS = "see docs/configuration.md";

  private Problems() {
  }

  public static String badValue(String key, ConfigValue value, String expected) {
    return key + ": " + value.text() + " (expected: " + expected + ") — from " + value.source();
  }

  public static String unknownKey(String key, ConfigValue value, Optional<String> suggestion) {
    String hint = suggestion.map(s -> "did you mean " + s + "?").orElse(SEE_DOCS);
    return key + ": unknown key (expected: a known key; " + hint + ") — from " + value.source();
  }
}
