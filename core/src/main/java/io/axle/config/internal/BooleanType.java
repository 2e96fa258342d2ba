package io.axle.config.internal;

/**
 * Only {@code true} or {@code false}: YAML 1.1's "yes"/"on" and the habit of "1" are rejected, because
 * silently reading them as false is the kind of surprise this configuration exists to prevent.
 */
public enum BooleanType implements ValueType<Boolean> {
  INSTANCE;

  @Override
  public Boolean parse(String text) {
    String value = text.strip();
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw new IllegalArgumentException("not a boolean: " + text);
  }

  @Override
  public String expected() {
    return "true or false";
  }
}
