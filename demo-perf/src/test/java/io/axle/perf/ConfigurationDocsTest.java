package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeys;
import io.axle.highway.HighwayTransportFactory;
import io.axle.rest.RestTransportFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md lists every key the runtime knows, with its default: core's, both transports',
 * the governance module's and the perf demo's. It lives here because demo-perf is the one module that sees every other.
 */
class ConfigurationDocsTest {
  private static final Pattern ROW_KEY = Pattern.compile("^\\| `([^`\\[]+)");

  @Test
  void configurationReference_documentsEveryKeyAndItsDefault() throws Exception {
    String doc = Files.readString(Path.of("..", "docs", "configuration.md"));
    for (ConfigKey<?> key : allKeys().values()) {
      String row = doc.lines().filter(line -> line.startsWith("| `" + key.name())).findFirst().orElse(null);
      assertThat(row).as("a row for %s in docs/configuration.md", key.name()).isNotNull();
      String documentedDefault = key.defaultValue().map(v -> key.defaultDescription()).orElse("none");
      if (key.defaultDescription().startsWith("the number")) {
        documentedDefault = key.defaultDescription();
      }
      String shownDefault = documentedDefault.replaceAll("ms$", "").replaceAll("^PT", "");
      assertThat(row).as("whether %s is live, after its default (docs/live-configuration.md)", key.name())
          .contains(key.isLive() ? " | live | " : " | restart | ");
      assertThat(row).as("the default of %s", key.name()).containsAnyOf(
          "| `" + shownDefault + "`", "| " + shownDefault, "| `" + toMillis(key) + "` (ms)", "| `" + shownDefault + "` (");
    }
  }

  @Test
  void everyDocumentedKeyExists() throws Exception {
    Map<String, ConfigKey<?>> keys = allKeys();
    List<String> unknown = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of("..", "docs", "configuration.md"))) {
      Matcher m = ROW_KEY.matcher(line);
      if (m.find() && !line.startsWith("| key ")) {
        String name = m.group(1).replaceAll("\\.<[^>]+>.*$", "");
        if (!keys.containsKey(name)) {
          unknown.add(name);
        }
      }
    }
    assertThat(unknown).as("rows in docs/configuration.md naming no known key").isEmpty();
  }

  @Test
  void theRestAndPerfKeysAreAmongThoseChecked() {
    Map<String, ConfigKey<?>> keys = allKeys();
    assertThat(new io.axle.governance.GovernanceKeys().keys()).allSatisfy(k -> assertThat(keys).containsKey(k.name()));

    assertThat(keys).containsKeys("axle.rest.address", "axle.rest.client.connection.maxPoolSize",
        "axle.highway.address", "sync-count", "loopback");
    assertThat(new RestTransportFactory().configKeys()).allSatisfy(k -> assertThat(keys).containsKey(k.name()));
    assertThat(new PerfKeys().keys()).allSatisfy(k -> assertThat(keys).containsKey(k.name()));
  }

  private static Map<String, ConfigKey<?>> allKeys() {
    Map<String, ConfigKey<?>> keys = new LinkedHashMap<>();
    List<ConfigKey<?>> all = new ArrayList<>(ConfigKeys.all());
    all.addAll(new HighwayTransportFactory().configKeys());
    all.addAll(new RestTransportFactory().configKeys());
    all.addAll(new PerfKeys().keys());
    all.forEach(key -> keys.putIfAbsent(key.name(), key));
    return keys;
  }

  private static String toMillis(ConfigKey<?> key) {
    return key.defaultValue().map(v -> v instanceof java.time.Duration d ? Long.toString(d.toMillis()) : String.valueOf(v))
        .orElse("none");
  }
}
