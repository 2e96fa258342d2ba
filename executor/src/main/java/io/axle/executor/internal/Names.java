package io.axle.executor.internal;

/** Checks for the names that end up in thread names, log lines and configuration keys. */
public final class Names {

  private Names() {}

  /** Returns {@code name} if it is usable as an executor name or configuration prefix. */
  public static String require(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException(
          "executor name: " + (name == null ? "null" : "'" + name + "'")
              + " (expected: a non-blank name)");
    }
    return name;
  }
}
