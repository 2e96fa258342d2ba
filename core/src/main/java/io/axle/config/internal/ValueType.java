package io.axle.config.internal;

/**
 * How one kind of value is parsed from configuration text and described when it is wrong.
 *
 * @param <T> the parsed type
 */
public interface ValueType<T> {

  /** @throws IllegalArgumentException if the text is not a valid value */
  T parse(String text);

  /** What a valid value looks like, completing "expected: ...". */
  String expected();

  /** Text that {@link #parse} turns back into the value; used to print defaults. */
  default String format(T value) {
    return String.valueOf(value);
  }

  /** Rejects a declared default that configuration could never produce: a bug in the declaring module. */
  default void checkDefault(String keyName, T value) {
    try {
      parse(format(value));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "default of " + keyName + " is not " + expected() + ": " + format(value), e);
    }
  }
}
