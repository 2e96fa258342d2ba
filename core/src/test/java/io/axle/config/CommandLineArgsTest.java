package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CommandLineArgsTest {

  @Test
  void keyValueArgumentSetsTheKey() {
    AxleConfig config = AxleConfig.builder().args("--axle.service.name=perf", "--sync-count=a=b").build();

    assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("perf");
    assertThat(config.getRaw("sync-count")).contains("a=b");
  }

  @Test
  void flagAloneMeansTrue() {
    AxleConfig config = AxleConfig.builder().knownKeys(TestKeys.known()).args("--axle.highway.server.ssl").build();

    assertThat(config.get(TestKeys.SSL)).isTrue();
    assertThat(config.sourceOf("axle.highway.server.ssl")).isEqualTo("command line --axle.highway.server.ssl");
  }

  @Test
  void everythingElseIsLeftForTheApplicationInOrder() {
    AxleConfig config = AxleConfig.builder()
        .args("-c", "--sync", "perf.yaml", "--", "--=x", "-x=1", "--duration=30s")
        .build();

    assertThat(config.remainingArgs()).containsExactly("-c", "perf.yaml", "--", "--=x", "-x=1");
    assertThat(config.keys()).containsExactly("sync", "duration");
  }

  @Test
  void emptyValueIsKeptAsEmpty() {
    AxleConfig config = AxleConfig.builder().args("--axle.service.name=").build();

    assertThat(config.getRaw("axle.service.name")).contains("");
  }
}
