package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class ConfigKeysTest {

  @Test
  void coreRegistersItsKeysThroughTheServiceLoader() {
    List<Class<?>> providers = ServiceLoader.load(ConfigKeyProvider.class).stream()
        .map(ServiceLoader.Provider::type)
        .<Class<?>>map(type -> type)
        .toList();

    assertThat(providers).contains(CoreConfigKeys.class);
  }

  @Test
  void allContainsEveryCoreKeyOnce() {
    List<String> names = ConfigKeys.all().stream().map(ConfigKey::name).toList();

    assertThat(names).doesNotHaveDuplicates().contains(
        "axle.service.name", "axle.registry.local", "axle.executor.default.group",
        "axle.executor.default.thread-per-group", "axle.executor.default.max-queue-size",
        "axle.executors.default", "axle.executors.Provider", "axle.references.transport",
        "axle.request.timeout", "axle.shutdown.timeout", "axle.metrics.window_time");
  }

  @Test
  void coreDefaultsAreAsDocumented() {
    AxleConfig empty = AxleConfig.builder().build();

    assertThat(empty.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("axle-service");
    assertThat(empty.get(CoreConfigKeys.REGISTRY_LOCAL)).isEmpty();
    assertThat(empty.get(CoreConfigKeys.EXECUTOR_DEFAULT_GROUP)).isEqualTo(2);
    assertThat(empty.get(CoreConfigKeys.EXECUTOR_DEFAULT_THREAD_PER_GROUP)).isEqualTo(8);
    assertThat(empty.get(CoreConfigKeys.EXECUTOR_DEFAULT_MAX_QUEUE_SIZE)).isEqualTo(10000);
    assertThat(empty.get(CoreConfigKeys.EXECUTORS_DEFAULT)).isEqualTo("group");
    assertThat(empty.find(CoreConfigKeys.EXECUTORS_PROVIDER)).isEmpty();
    assertThat(empty.get(CoreConfigKeys.REFERENCES_TRANSPORT)).isEqualTo("highway");
    assertThat(empty.get(CoreConfigKeys.REQUEST_TIMEOUT)).hasMillis(30000);
    assertThat(empty.get(CoreConfigKeys.SHUTDOWN_TIMEOUT)).hasSeconds(10);
    assertThat(empty.get(CoreConfigKeys.METRICS_WINDOW_TIME)).hasMillis(1000);
    assertThat(CoreConfigKeys.REQUEST_TIMEOUT.defaultDescription()).isEqualTo("30s");
    assertThat(CoreConfigKeys.EXECUTORS_PROVIDER.defaultDescription()).isEqualTo("none");
  }

  @Test
  void everyCoreKeyHasAOneSentenceDescription() {
    assertThat(new CoreConfigKeys().keys())
        .allSatisfy(key -> assertThat(key.description()).endsWith(".").doesNotContain(". "));
  }
}
