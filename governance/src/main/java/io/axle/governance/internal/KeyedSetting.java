package io.axle.governance.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;

/** A setting as resolved for one operation, with the key it came from: refusals name that key. */
public record KeyedSetting<T>(String key, T value) {
  public static <T> KeyedSetting<T> of(AxleConfig config, ConfigKey<T> family, String... path) {
    return new KeyedSetting<>(config.mostSpecificKey(family, path), config.getMostSpecific(family, path));
  }

  /** {@code key: value}, as a message names it. */
  @Override
  public String toString() {
    return key + ": " + value;
  }
}
