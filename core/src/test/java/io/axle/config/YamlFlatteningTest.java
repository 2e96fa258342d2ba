package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class YamlFlatteningTest {

  private static AxleConfig yaml(String text) {
    return AxleConfig.builder().knownKeys(TestKeys.known()).yaml(text, "test.yaml").build();
  }

  @Test
  void nestedMapsBecomeDottedKeys() {
    AxleConfig config = yaml("""
        axle:
          highway:
            server:
              thread-count: 4
        """);

    assertThat(config.getRaw("axle.highway.server.thread-count")).contains("4");
    assertThat(config.get(TestKeys.THREAD_COUNT)).isEqualTo(4);
  }

  @Test
  void keyContainingDotsIsKeptAsWritten() {
    AxleConfig config = yaml("""
        axle:
          executors:
            Provider.PerfService: inline
        """);

    assertThat(config.keys()).containsExactly("axle.executors.Provider.PerfService");
    assertThat(config.getMostSpecific(CoreConfigKeys.EXECUTORS_PROVIDER, "PerfService")).isEqualTo("inline");
  }

  @Test
  void listsBecomeCommaJoinedStrings() {
    AxleConfig config = yaml("""
        axle:
          registry:
            local:
              perf1: [highway://127.0.0.1:7070, rest://127.0.0.1:8080]
              perf2:
                - highway://10.0.0.2:7070
        """);

    assertThat(config.getRaw("axle.registry.local.perf1")).contains("highway://127.0.0.1:7070,rest://127.0.0.1:8080");
    assertThat(config.getMostSpecific(CoreConfigKeys.REGISTRY_LOCAL, "perf1"))
        .containsExactly("highway://127.0.0.1:7070", "rest://127.0.0.1:8080");
    assertThat(config.subset("axle.registry.local"))
        .containsExactly(
            java.util.Map.entry("perf1", "highway://127.0.0.1:7070,rest://127.0.0.1:8080"),
            java.util.Map.entry("perf2", "highway://10.0.0.2:7070"));
  }

  @Test
  void scalarsKeepTheTextAsWrittenAndTopLevelApplicationKeysAreKept() {
    AxleConfig config = yaml("""
        sync: true
        sync-count: 100
        duration: 30s
        code: 010
        """);

    assertThat(config.getRaw("sync")).contains("true");
    assertThat(config.getRaw("sync-count")).contains("100");
    assertThat(config.getRaw("duration")).contains("30s");
    assertThat(config.getRaw("code")).contains("010");
    config.validate(TestKeys.known()); // not axle.: not ours to reject
  }

  @Test
  void emptySectionIsNotAKey() {
    AxleConfig config = yaml("""
        axle:
          highway:
            # server: everything commented out
          service:
            name: demo
        """);

    assertThat(config.keys()).containsExactly("axle.service.name");
  }

  @Test
  void mergeKeysAreFlattenedWithExplicitKeysWinning() {
    AxleConfig config = yaml("""
        defaults: &defaults
          thread-count: 2
          ssl: true
        axle:
          highway:
            server:
              thread-count: 8
              <<: *defaults
        """);

    assertThat(config.getRaw("axle.highway.server.thread-count")).contains("8");
    assertThat(config.getRaw("axle.highway.server.ssl")).contains("true");
  }

  @Test
  void emptyDocumentHasNoKeys() {
    assertThat(yaml("# nothing yet\n").keys()).isEmpty();
  }
}
