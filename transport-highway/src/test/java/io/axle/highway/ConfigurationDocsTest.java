package io.axle.highway;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/configuration.md lists every key the runtime knows, with its default. */
class ConfigurationDocsTest {

  @Test
  void configurationReference_documentsEveryKeyAndItsDefault() throws Exception {
    String doc = Files.readString(Path.of("..", "docs", "configuration.md"));
    List<ConfigKey<?>> keys = new ArrayList<>(ConfigKeys.all());
    keys.addAll(new HighwayTransportFactory().configKeys());
    assertThat(keys).hasSizeGreaterThan(10);
    for (ConfigKey<?> key : keys) {
      String row = doc.lines().filter(line -> line.startsWith("| `" + key.name())).findFirst().orElse(null);
      assertThat(row).as("a row for %s in docs/configuration.md", key.name()).isNotNull();
      String documentedDefault = key.defaultValue().map(v -> key.defaultDescription()).orElse("none");
      if (key.defaultDescription().startsWith("the number")) {
        documentedDefault = key.defaultDescription();
      }
      String shownDefault = documentedDefault.replaceAll("ms$", "").replaceAll("^PT", "");
      assertThat(row).as("the default of %s", key.name()).containsAnyOf(
          "| `" + shownDefault + "`", "| " + shownDefault, "| `" + toMillis(key) + "` (ms)", "| `" + shownDefault + "` (");
    }
  }

  private static String toMillis(ConfigKey<?> key) {
    return key.defaultValue().map(v -> v instanceof java.time.Duration d ? Long.toString(d.toMillis()) : String.valueOf(v))
        .orElse("none");
  }
}
