package io.axle.config.internal;

import java.time.Duration;
import java.util.Objects;

/** A duration no shorter than {@code min}. */
public record DurationType(Duration min) implements ValueType<Duration> {

  public DurationType {
    Objects.requireNonNull(min, "min");
    if (min.isNegative()) {
      throw new IllegalArgumentException("negative minimum: " + min);
    }
  }

  @Override
  public Duration parse(String text) {
    Duration value = Durations.parse(text);
    if (value.compareTo(min) < 0) {
      throw new IllegalArgumentException("shorter than " + Durations.format(min) + ": " + text);
    }
    return value;
  }

  @Override
  public String expected() {
    String syntax = "a duration such as 500ms, 30s or a number of milliseconds";
    return min.isZero() ? syntax : syntax + ", >= " + Durations.format(min);
  }

  @Override
  public String format(Duration value) {
    return Durations.format(value);
  }
}
