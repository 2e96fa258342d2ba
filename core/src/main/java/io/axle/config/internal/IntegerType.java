package io.axle.config.internal;

/** A decimal integer within bounds. */
public record IntegerType(int min, int max) implements ValueType<Integer> {

  public IntegerType {
    if (min > max) {
      throw new IllegalArgumentException("empty range [" + min + ", " + max + "]");
    }
  }

  @Override
  public Integer parse(String text) {
    int value = Integer.parseInt(text.strip());
    if (value < min || value > max) {
      throw new IllegalArgumentException("out of range: " + value);
    }
    return value;
  }

  @Override
  public String expected() {
    return Ranges.describe(min, max, Integer.MIN_VALUE, Integer.MAX_VALUE);
  }
}
