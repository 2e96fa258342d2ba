package io.axle.config.internal;

/** Text taken as it is. */
public enum StringType implements ValueType<String> {
  INSTANCE;

  @Override
  public String parse(String text) {
    return text;
  }

  @Override
  public String expected() {
    return "a string";
  }
}
