package io.axle.config.internal;

import java.util.Objects;

/**
 * A configured text and where it came from, e.g. "environment variable AXLE_REQUEST_TIMEOUT", so that
 * every problem can point at the place to fix.
 */
public record ConfigValue(String text, String source) {

  public ConfigValue {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(source, "source");
  }
}
