package io.axle.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.config.ConfigException;
import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeys;
import io.axle.testing.AxleExtension;
import io.axle.testing.Runtimes;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The metrics keys are known to strict validation through the service loader, and checked. */
class MetricsConfigKeysTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void everyKey_isRegisteredWithTheServiceLoader() {
    assertThat(ConfigKeys.all()).extracting(ConfigKey::name).contains(
        "axle.metrics.publisher.defaultLog.enabled", "axle.metrics.endpoints.client.detail.enabled",
        "axle.metrics.Consumer.invocation.slow.enabled", "axle.metrics.Consumer.invocation.slow.msTime",
        "axle.metrics.Provider.invocation.slow.enabled", "axle.metrics.Provider.invocation.slow.msTime");
  }

  @Test
  void aRuntime_acceptsTheKeys() {
    Map<String, Object> entries = Map.of("axle.highway.address", "127.0.0.1:0",
        "axle.metrics.publisher.defaultLog.enabled", false, "axle.metrics.endpoints.client.detail.enabled", true,
        "axle.metrics.Consumer.invocation.slow.enabled", true, "axle.metrics.Consumer.invocation.slow.msTime", "200ms",
        "axle.metrics.Provider.invocation.slow.enabled", true, "axle.metrics.Provider.invocation.slow.msTime", 150);
    try (Axle axle = runtimes.start(Axle.builder().config(Runtimes.config(entries)))) {
      assertThat(axle.config().get(MetricsConfigKeys.PROVIDER_SLOW_TIME)).hasMillis(150);
    }
  }

  @Test
  void aBadValue_stopsTheRuntime_namingKeyValueAndExpectation() {
    Map<String, Object> entries = Map.of("axle.highway.address", "127.0.0.1:0",
        "axle.metrics.publisher.defaultLog.enabled", "yes");
    assertThatThrownBy(() -> Axle.builder().config(Runtimes.config(entries)).start())
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("axle.metrics.publisher.defaultLog.enabled: yes (expected: true or false)");
  }

  @Test
  void aBadValue_isRejectedByCreateToo() {
    assertThatThrownBy(() -> AxleMetrics.create(
        Runtimes.config(Map.of("axle.metrics.Consumer.invocation.slow.msTime", "soon"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("axle.metrics.Consumer.invocation.slow.msTime: soon (expected: ");
  }
}
