package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class EnvironmentVariablesTest {

  private static AxleConfig fromEnvironment(Map<String, String> environment) {
    return AxleConfig.builder().knownKeys(TestKeys.known()).environment(environment).build();
  }

  @Test
  void variableNameMapsToTheKnownKeyWithDotsAndDashes() {
    AxleConfig config = fromEnvironment(Map.of(
        "AXLE_HIGHWAY_SERVER_THREAD_COUNT", "12",
        "AXLE_METRICS_WINDOW_TIME", "2s"));

    assertThat(config.get(TestKeys.THREAD_COUNT)).isEqualTo(12);
    assertThat(config.get(CoreConfigKeys.METRICS_WINDOW_TIME)).hasSeconds(2);
    assertThat(config.sourceOf("axle.highway.server.thread-count"))
        .isEqualTo("environment variable AXLE_HIGHWAY_SERVER_THREAD_COUNT");
  }

  @Test
  void familyKeyIsSettableByItsBaseNameOnly() {
    AxleConfig config = fromEnvironment(Map.of(
        "AXLE_REQUEST_TIMEOUT", "4000",
        "AXLE_REQUEST_TIMEOUT_PERF1", "5000"));

    assertThat(config.keys()).containsExactly("axle.request.timeout");
    assertThat(config.getMostSpecific(CoreConfigKeys.REQUEST_TIMEOUT, "perf1")).hasMillis(4000);
  }

  @Test
  void unknownAxleVariableIsIgnoredWithoutFailing() {
    AxleConfig config = fromEnvironment(Map.of(
        "AXLE_HIGHWAY_SERVER_THREADCOUNT", "4",
        "AXLE_SERVICE_NAME", "env"));

    assertThat(config.keys()).containsExactly("axle.service.name");
    config.validate(TestKeys.known());
  }

  @Test
  void unrelatedVariablesAreNotConfiguration() {
    AxleConfig config = fromEnvironment(Map.of("PATH", "/usr/bin", "HOME", "/root", "axle_service_name", "x"));

    assertThat(config.keys()).isEmpty();
  }
}
