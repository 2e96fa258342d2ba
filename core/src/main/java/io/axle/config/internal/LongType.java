package io.axle.config.internal;

/** A decimal long within bounds. */
public record LongType(long min, long max) implements ValueType<Long> {

  public LongType {
    if (min > max) {
      throw new IllegalArgumentException("empty range [" + min + ", " + max + "]");
    }
  }

  @Override
  public Long parse(String text) {
    long value = Long.parseLong(text.strip());
    if (value < min || value > max) {
      throw new IllegalArgumentException("out of range: " + value);
    }
    return value;
  }

  @Override
  public String expected() {
    return Ranges.describe(min, max, Long.MIN_VALUE, Long.MAX_VALUE);
  }
}
