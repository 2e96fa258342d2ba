package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErrorMessagesTest {

  @TempDir
  Path dir;

  private static String problemOf(AxleConfig config, ConfigKey<?> key) {
    ConfigException e = catchThrowableOfType(ConfigException.class, () -> config.get(key));
    assertThat(e.problems()).hasSize(1);
    assertThat(e.getMessage()).isEqualTo("Invalid configuration:\n  " + e.problems().get(0));
    return e.problems().get(0);
  }

  private static String validationProblem(AxleConfig config) {
    ConfigException e = catchThrowableOfType(ConfigException.class, () -> config.validate(TestKeys.known()));
    assertThat(e.problems()).hasSize(1);
    return e.problems().get(0);
  }

  @Test
  void badIntegerNamesKeyValueRangeAndFile() throws IOException {
    Path file = Files.writeString(dir.resolve("microservice.yaml"), "axle.highway.server.thread-count: abc\n");
    AxleConfig config = AxleConfig.builder().yamlFile(file).build();

    assertThat(problemOf(config, TestKeys.THREAD_COUNT)).isEqualTo(
        "axle.highway.server.thread-count: abc (expected: an integer in [1, 1024]) — from microservice.yaml ("
            + file.toAbsolutePath() + ")");
  }

  @Test
  void integerBelowAMinOnlyRangeSaysGreaterOrEqual() {
    AxleConfig config = AxleConfig.builder().put("axle.executor.default.group", 0).build();

    assertThat(problemOf(config, CoreConfigKeys.EXECUTOR_DEFAULT_GROUP))
        .isEqualTo("axle.executor.default.group: 0 (expected: an integer >= 1) — from builder");
  }

  @Test
  void badBooleanSaysTrueOrFalse() {
    AxleConfig config = AxleConfig.builder().yaml("axle.highway.server.ssl: yes", "t.yaml").build();

    assertThat(problemOf(config, TestKeys.SSL))
        .isEqualTo("axle.highway.server.ssl: yes (expected: true or false) — from t.yaml");
  }

  @Test
  void badDurationDescribesTheSyntaxAndTheMinimum() {
    AxleConfig config = AxleConfig.builder()
        .knownKeys(TestKeys.known())
        .environment(Map.of("AXLE_REQUEST_TIMEOUT", "0"))
        .build();

    assertThat(problemOf(config, CoreConfigKeys.REQUEST_TIMEOUT)).isEqualTo(
        "axle.request.timeout: 0 (expected: a duration such as 500ms, 30s or a number of milliseconds, >= 1ms)"
            + " — from environment variable AXLE_REQUEST_TIMEOUT");
  }

  @Test
  void badChoiceListsTheChoicesAndNamedExecutors() {
    Properties properties = new Properties();
    properties.setProperty("axle.executors.default", "pool!");
    AxleConfig config = AxleConfig.builder().systemProperties(properties).build();

    assertThat(problemOf(config, CoreConfigKeys.EXECUTORS_DEFAULT)).isEqualTo(
        "axle.executors.default: pool! (expected: one of inline, group, virtual, or the name of a registered"
            + " executor) — from system property axle.executors.default");
  }

  @Test
  void badAddressShowsTheAddressSyntax() {
    AxleConfig config = AxleConfig.builder().args("--axle.highway.server.address=127.0.0.1:99999").build();

    assertThat(problemOf(config, TestKeys.ADDRESS)).isEqualTo(
        "axle.highway.server.address: 127.0.0.1:99999 (expected: host:port or a port alone, port in [0, 65535])"
            + " — from command line --axle.highway.server.address=127.0.0.1:99999");
  }

  @Test
  void badRegistryEndpointShowsAnExample() {
    AxleConfig config = AxleConfig.builder().put("axle.registry.local.perf1", "highway//x").build();

    assertThat(validationProblem(config)).isEqualTo(
        "axle.registry.local.perf1: highway//x (expected: a list of transport://host:port, e.g."
            + " highway://127.0.0.1:7070, rest://127.0.0.1:8080: the scheme is the transport's name, not http://,"
            + " and the host one a client can reach, not 0.0.0.0) — from builder");
    assertThat(catchThrowableOfType(ConfigException.class,
        () -> config.getMostSpecific(CoreConfigKeys.REGISTRY_LOCAL, "perf1")).problems())
        .containsExactly(validationProblem(config));
  }

  @Test
  void unknownKeySuggestsTheNearestKnownKey() {
    AxleConfig config = AxleConfig.builder().args("--axle.highway.server.threadcount=4").build();

    assertThat(validationProblem(config)).isEqualTo(
        "axle.highway.server.threadcount: unknown key (expected: a known key; did you mean"
            + " axle.highway.server.thread-count?) — from command line --axle.highway.server.threadcount=4");
  }

  @Test
  void unknownKeyInAFamilySuggestsTheFamilyWithTheSameSuffix() {
    AxleConfig config = AxleConfig.builder().put("axle.registry.locl.perf1", "highway://127.0.0.1:7070").build();

    assertThat(validationProblem(config)).isEqualTo(
        "axle.registry.locl.perf1: unknown key (expected: a known key; did you mean"
            + " axle.registry.local.perf1?) — from builder");
  }

  @Test
  void unknownKeyFarFromAnyKnownKeyPointsToTheDocs() {
    AxleConfig config = AxleConfig.builder().put("axle.completely.different", "1").build();

    assertThat(validationProblem(config)).isEqualTo(
        "axle.completely.different: unknown key (expected: a known key; see docs/configuration.md) — from builder");
  }

  @Test
  void messageListsEveryProblemOnItsOwnIndentedLine() {
    ConfigException e = new ConfigException(List.of("a: 1 (expected: x)", "b: 2 (expected: y)"));

    assertThat(e.getMessage()).isEqualTo("Invalid configuration:\n  a: 1 (expected: x)\n  b: 2 (expected: y)");
  }
}
