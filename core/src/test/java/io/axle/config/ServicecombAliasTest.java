package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class ServicecombAliasTest {

  @Test
  void servicecombKeyIsReadAsTheAxleKey() {
    AxleConfig config = AxleConfig.builder().knownKeys(TestKeys.known()).yaml("""
        servicecomb:
          highway:
            server:
              thread-count: 6
        """, "legacy.yaml").build();

    assertThat(config.get(TestKeys.THREAD_COUNT)).isEqualTo(6);
    assertThat(config.getRaw("servicecomb.highway.server.thread-count")).contains("6");
    assertThat(config.keys()).containsExactly("axle.highway.server.thread-count");
  }

  @Test
  void withinOneSourceTheAxleSpellingWinsWhicheverComesFirst() {
    AxleConfig axleFirst = AxleConfig.builder().yaml("""
        axle.service.name: axle
        servicecomb.service.name: servicecomb
        """, "a.yaml").build();
    AxleConfig aliasFirst = AxleConfig.builder().yaml("""
        servicecomb.service.name: servicecomb
        axle.service.name: axle
        """, "b.yaml").build();

    assertThat(axleFirst.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("axle");
    assertThat(aliasFirst.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("axle");
  }

  @Test
  void acrossSourcesTheLaterSourceWinsEvenWithTheAliasSpelling() {
    Properties properties = new Properties();
    properties.setProperty("servicecomb.service.name", "from-sysprop");

    AxleConfig config = AxleConfig.builder()
        .yaml("axle.service.name: from-yaml", "a.yaml")
        .systemProperties(properties)
        .build();

    assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("from-sysprop");
    assertThat(config.sourceOf("axle.service.name")).isEqualTo("system property servicecomb.service.name");
  }

  @Test
  void servicecombEnvironmentVariableLosesToAxleOneInTheSameEnvironment() {
    AxleConfig config = AxleConfig.builder()
        .knownKeys(TestKeys.known())
        .environment(Map.of(
            "SERVICECOMB_HIGHWAY_SERVER_THREAD_COUNT", "7",
            "AXLE_HIGHWAY_SERVER_THREAD_COUNT", "9",
            "SERVICECOMB_SERVICE_NAME", "legacy"))
        .build();

    assertThat(config.get(TestKeys.THREAD_COUNT)).isEqualTo(9);
    assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("legacy");
    assertThat(config.sourceOf("axle.service.name")).isEqualTo("environment variable SERVICECOMB_SERVICE_NAME");
  }

  @Test
  void subsetAcceptsTheAliasPrefix() {
    AxleConfig config = AxleConfig.builder()
        .put("servicecomb.registry.local.perf1", "highway://127.0.0.1:7070")
        .build();

    assertThat(config.subset("servicecomb.registry.local")).containsExactly(Map.entry("perf1", "highway://127.0.0.1:7070"));
  }
}
