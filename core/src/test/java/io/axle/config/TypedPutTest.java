package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Values given in code through their typed keys read back as the same values, checked like text. */
class TypedPutTest {

  @Test
  void typedValues_readBackUnderTheirKeys() {
    AxleConfig config = AxleConfig.builder()
        .put(CoreConfigKeys.REQUEST_TIMEOUT, Duration.ofMillis(250), "orders", "OrderApi")
        .put(CoreConfigKeys.SHUTDOWN_TIMEOUT, Duration.ofSeconds(3))
        .put(CoreConfigKeys.REGISTRY_LOCAL, List.of("highway://127.0.0.1:7070", "rest://127.0.0.1:8080"), "orders")
        .put(CoreConfigKeys.EXECUTOR_DEFAULT_GROUP, 4)
        .build();

    assertThat(config.getMostSpecific(CoreConfigKeys.REQUEST_TIMEOUT, "orders", "OrderApi", "place"))
        .isEqualTo(Duration.ofMillis(250));
    assertThat(config.getRaw("axle.request.timeout.orders.OrderApi")).contains("250ms");
    assertThat(config.get(CoreConfigKeys.SHUTDOWN_TIMEOUT)).isEqualTo(Duration.ofSeconds(3));
    assertThat(config.getMostSpecific(CoreConfigKeys.REGISTRY_LOCAL, "orders"))
        .containsExactly("highway://127.0.0.1:7070", "rest://127.0.0.1:8080");
    assertThat(config.get(CoreConfigKeys.EXECUTOR_DEFAULT_GROUP)).isEqualTo(4);
  }

  @Test
  void levelsBelowAPlainKey_areRefusedNamingTheKey() {
    assertThatThrownBy(() -> AxleConfig.builder().put(CoreConfigKeys.SHUTDOWN_TIMEOUT, Duration.ZERO, "orders"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("axle.shutdown.timeout.orders (expected: axle.shutdown.timeout alone; it has no keys below it)");
  }

  @Test
  void aValueWhoseTextDoesNotReadBack_orABadLevel_isRefusedNamingTheKey() {
    assertThatThrownBy(() -> AxleConfig.builder().put(CoreConfigKeys.SHUTDOWN_TIMEOUT, Duration.ofNanos(900_000)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("axle.shutdown.timeout: PT0.0009S (expected: a value its text, 0ms, reads back as");
    assertThatThrownBy(() -> AxleConfig.builder().put(CoreConfigKeys.REQUEST_TIMEOUT, Duration.ofSeconds(1), "a.b"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("axle.request.timeout: level \"a.b\" (expected: a name without dots, such as a service, schema "
            + "or operation)");
  }

  @Test
  void aTypedValueOutOfRange_isRefusedAtOnce_inTheKeysOwnWords() {
    assertThatThrownBy(() -> AxleConfig.builder().put(CoreConfigKeys.EXECUTOR_DEFAULT_GROUP, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("axle.executor.default.group: 0 (expected: an integer >= 1)");
  }
}
