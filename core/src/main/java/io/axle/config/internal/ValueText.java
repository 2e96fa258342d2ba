package io.axle.config.internal;

import java.time.Duration;
import java.util.Collection;
import java.util.Objects;
import java.util.stream.Collectors;

/** Turns a value given in code into the text a configuration file would hold, so it parses the same way. */
public final class ValueText {

  private ValueText() {
  }

  public static String of(Object value) {
    Objects.requireNonNull(value, "value");
    if (value instanceof Duration duration) {
      return Durations.format(duration);
    }
    if (value instanceof Collection<?> items) {
      return items.stream().map(ValueText::of).collect(Collectors.joining(","));
    }
    return value.toString();
  }
}
