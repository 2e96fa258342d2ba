package io.axle.config.internal;

import java.util.Objects;
import java.util.function.Function;

/** A value type supplied by a module. */
public record CustomType<T>(String expected, Function<String, ? extends T> parser) implements ValueType<T> {

  public CustomType {
    Objects.requireNonNull(expected, "expected");
    Objects.requireNonNull(parser, "parser");
  }

  @Override
  public T parse(String text) {
    return parser.apply(text);
  }

  /** Nothing to check: the module's value type need not print back into parseable text. */
  @Override
  public void checkDefault(String keyName, T value) {
  }
}
