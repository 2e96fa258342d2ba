package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourcePrecedenceTest {

  @TempDir
  Path dir;

  private Path writeYaml(String text) throws IOException {
    return Files.writeString(dir.resolve("microservice.yaml"), text);
  }

  private static Properties properties(String key, String value) {
    Properties properties = new Properties();
    properties.setProperty(key, value);
    return properties;
  }

  @Test
  void laterSourcesWinYamlThenEnvironmentThenSystemPropertiesThenArgs() throws IOException {
    Path file = writeYaml("""
        axle:
          service:
            name: from-yaml
          highway:
            server:
              thread-count: 1
          request:
            timeout: 1000
          shutdown:
            timeout: 1s
        """);

    AxleConfig config = AxleConfig.builder()
        .knownKeys(TestKeys.known())
        .yamlFile(file)
        .environment(Map.of(
            "AXLE_SERVICE_NAME", "from-env",
            "AXLE_HIGHWAY_SERVER_THREAD_COUNT", "2",
            "AXLE_REQUEST_TIMEOUT", "2000"))
        .systemProperties(properties("axle.service.name", "from-sysprop"))
        .systemProperties(properties("axle.highway.server.thread-count", "3"))
        .args("--axle.service.name=from-args")
        .build();

    assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("from-args");
    assertThat(config.get(TestKeys.THREAD_COUNT)).isEqualTo(3);
    assertThat(config.getRaw("axle.request.timeout")).contains("2000");
    assertThat(config.getRaw("axle.shutdown.timeout")).contains("1s");

    assertThat(config.sourceOf("axle.service.name")).isEqualTo("command line --axle.service.name=from-args");
    assertThat(config.sourceOf("axle.highway.server.thread-count"))
        .isEqualTo("system property axle.highway.server.thread-count");
    assertThat(config.sourceOf("axle.request.timeout")).isEqualTo("environment variable AXLE_REQUEST_TIMEOUT");
    assertThat(config.sourceOf("axle.shutdown.timeout"))
        .isEqualTo("microservice.yaml (" + file.toAbsolutePath() + ")");
  }

  @Test
  void workingDirectoryYamlOverridesSomeKeysOfClasspathYaml() throws IOException {
    Path file = writeYaml("""
        axle:
          service:
            name: from-working-dir
        """);

    AxleConfig config = AxleConfig.builder().classpathYaml("config/microservice.yaml").yamlFile(file).build();

    assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("from-working-dir");
    assertThat(config.get(CoreConfigKeys.REQUEST_TIMEOUT)).hasSeconds(5);
    assertThat(config.get(CoreConfigKeys.EXECUTORS_DEFAULT)).isEqualTo("inline");
    assertThat(config.sourceOf("axle.request.timeout"))
        .startsWith("config/microservice.yaml (file:")
        .endsWith("config/microservice.yaml)");
  }

  @Test
  void missingYamlFileAndResourceAreSkipped() {
    AxleConfig config = AxleConfig.builder()
        .classpathYaml("config/absent.yaml")
        .yamlFile(dir.resolve("absent.yaml"))
        .build();

    assertThat(config.keys()).isEmpty();
    assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("axle-service");
    assertThat(config.sourceOf("axle.service.name")).isEqualTo("not set");
  }

  @Test
  void putValuesApplyInCallOrderAfterEarlierSources() {
    AxleConfig config = AxleConfig.builder()
        .args("--axle.service.name=from-args")
        .put("axle.service.name", "first")
        .put("axle.service.name", "second")
        .put("axle.request.timeout", java.time.Duration.ofSeconds(3))
        .build();

    assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("second");
    assertThat(config.sourceOf("axle.service.name")).isEqualTo("builder");
    assertThat(config.get(CoreConfigKeys.REQUEST_TIMEOUT)).hasSeconds(3);
  }

  @Test
  void withReturnsACopyWithOneOverride() {
    AxleConfig original = AxleConfig.builder().put("axle.service.name", "a").args("-c").build();

    AxleConfig copy = original.with("axle.service.name", "b");

    assertThat(copy.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("b");
    assertThat(copy.sourceOf("axle.service.name")).isEqualTo("override");
    assertThat(copy.remainingArgs()).containsExactly("-c");
    assertThat(original.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("a");
  }

  @Test
  void loadUsesArgumentsOverEverythingElse() {
    AxleConfig config = AxleConfig.load("--axle.service.name=loaded", "-c", "perf.yaml");

    assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("loaded");
    assertThat(config.remainingArgs()).containsExactly("-c", "perf.yaml");
  }
}
