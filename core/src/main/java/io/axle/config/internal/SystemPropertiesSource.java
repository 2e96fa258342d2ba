package io.axle.config.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;

/**
 * All system properties, not only {@code axle.} ones, so that {@code -Dsync=false} reaches an
 * application's own top-level keys too; the JVM's own properties are harmless passengers.
 */
public final class SystemPropertiesSource {

  private SystemPropertiesSource() {
  }

  public static Map<String, ConfigValue> read(Properties properties) {
    Map<String, ConfigValue> values = new LinkedHashMap<>();
    // stringPropertyNames() is a consistent snapshot even if another thread sets a property meanwhile.
    for (String name : new TreeSet<>(properties.stringPropertyNames())) {
      String text = properties.getProperty(name);
      if (text != null) {
        values.put(name, new ConfigValue(text, "system property " + name));
      }
    }
    return values;
  }
}
