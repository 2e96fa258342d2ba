package io.axle.config.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits {@code main}'s arguments into configuration ({@code --key=value}, or {@code --key} meaning
 * {@code true}) and everything else, which is the application's.
 */
public record CommandLine(Map<String, ConfigValue> values, List<String> remaining) {

  public static CommandLine parse(String... args) {
    Map<String, ConfigValue> values = new LinkedHashMap<>();
    List<String> remaining = new ArrayList<>();
    for (String arg : args) {
      String key = keyOf(arg);
      if (key == null) {
        remaining.add(arg);
        continue;
      }
      int equals = arg.indexOf('=');
      String text = equals < 0 ? "true" : arg.substring(equals + 1);
      values.put(key, new ConfigValue(text, "command line " + arg));
    }
    return new CommandLine(values, List.copyOf(remaining));
  }

  /** Null when the argument is not {@code --key[=value]} with a non-empty key. */
  private static String keyOf(String arg) {
    if (!arg.startsWith("--")) {
      return null;
    }
    int equals = arg.indexOf('=');
    String key = equals < 0 ? arg.substring(2) : arg.substring(2, equals);
    return key.isBlank() || key.startsWith("-") ? null : key;
  }
}
