package io.axle.config.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.ConfigKey;
import io.axle.config.CoreConfigKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentSourceTest {

  private static final KnownKeys KNOWN = new KnownKeys(keys());

  private static List<ConfigKey<?>> keys() {
    List<ConfigKey<?>> keys = new ArrayList<>(new CoreConfigKeys().keys());
    keys.add(ConfigKey.intKey("axle.highway.server.thread-count", 4, 1, 1024, "Threads."));
    return keys;
  }

  @Test
  void unmatchedPrefixedVariablesAreReportedAsIgnoredAndNotMapped() {
    EnvironmentSource.Result result = EnvironmentSource.read(Map.of(
        "AXLE_HIGHWAY_SERVER_THREADCOUNT", "4",
        "SERVICECOMB_NOPE", "x",
        "AXLE_SERVICE_NAME", "svc",
        "JAVA_HOME", "/jdk"), KNOWN);

    assertThat(result.ignored()).containsExactly("AXLE_HIGHWAY_SERVER_THREADCOUNT", "SERVICECOMB_NOPE");
    assertThat(result.values()).containsOnlyKeys("axle.service.name");
  }

  @Test
  void aliasVariablesKeepTheAliasSpellingUntilCanonicalised() {
    EnvironmentSource.Result result = EnvironmentSource.read(
        Map.of("SERVICECOMB_HIGHWAY_SERVER_THREAD_COUNT", "3"), KNOWN);

    assertThat(result.values()).containsOnlyKeys("servicecomb.highway.server.thread-count");
    assertThat(result.ignored()).isEmpty();
  }
}
