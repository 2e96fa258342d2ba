package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigKeyTest {

  private static final ConfigKey<Duration> DURATION = ConfigKey.durationKey("d", Duration.ZERO, "A duration.");

  @Test
  void durationPlainNumberIsMillisecondsAndUnitsAreAccepted() {
    assertThat(DURATION.parse("500")).isEqualTo(Duration.ofMillis(500));
    assertThat(DURATION.parse("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(DURATION.parse("30s")).isEqualTo(Duration.ofSeconds(30));
    assertThat(DURATION.parse("2m")).isEqualTo(Duration.ofMinutes(2));
    assertThat(DURATION.parse("1H")).isEqualTo(Duration.ofHours(1));
    assertThat(DURATION.parse("0")).isZero();
  }

  @Test
  void durationRejectsNegativesFractionsUnknownUnitsAndOverflow() {
    for (String bad : List.of("-1", "1.5s", "3d", "s", "", "99999999999999999999", "9223372036854775807h")) {
      assertThatThrownBy(() -> DURATION.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void durationMinimumIsEnforced() {
    assertThatThrownBy(() -> CoreConfigKeys.METRICS_WINDOW_TIME.parse("99"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(CoreConfigKeys.METRICS_WINDOW_TIME.parse("100")).hasMillis(100);
  }

  @Test
  void booleanAcceptsOnlyTrueOrFalseInAnyCase() {
    ConfigKey<Boolean> key = ConfigKey.booleanKey("b", false, "A flag.");

    assertThat(key.parse("TRUE")).isTrue();
    assertThat(key.parse("False")).isFalse();
    for (String bad : List.of("yes", "1", "on", "")) {
      assertThatThrownBy(() -> key.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void addressAcceptsHostPortPortAloneAndBracketedIpv6() {
    assertThat(TestKeys.ADDRESS.parse("127.0.0.1:7070")).isEqualTo(new HostAndPort("127.0.0.1", 7070));
    assertThat(TestKeys.ADDRESS.parse("8080")).isEqualTo(new HostAndPort("0.0.0.0", 8080));
    assertThat(TestKeys.ADDRESS.parse("[::1]:0")).isEqualTo(new HostAndPort("::1", 0));
    assertThat(new HostAndPort("::1", 0)).hasToString("[::1]:0");
    for (String bad : List.of("host", ":80", "host:65536", "host:-1", "::1:80", "65536", "a b:1")) {
      assertThatThrownBy(() -> TestKeys.ADDRESS.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void registryItemsNeedLetterSchemeHostAndPortFromOne() {
    ConfigKey<List<String>> key = CoreConfigKeys.REGISTRY_LOCAL;

    assertThat(key.parse(" highway://a:1 , rest://b:65535/path , baseline-rest://c:2")).containsExactly("highway://a:1",
        "rest://b:65535/path", "baseline-rest://c:2");
    for (String bad : List.of("highway//x", "://a:1", "h2://a:1", "-rest://a:1", "rest-://a:1", "highway://:1", "highway://a:0", "highway://a",
        "http://127.0.0.1:8080", "HTTPS://a:1", "grpc://a:1", "tcp://a:1", "highway://0.0.0.0:7070", "rest://[::]:8080")) {
      assertThatThrownBy(() -> key.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void choiceMatchesIgnoringCaseAndOrNamedAcceptsIdentifiersOnly() {
    ConfigKey<String> strict = CoreConfigKeys.REFERENCES_TRANSPORT;
    ConfigKey<String> named = CoreConfigKeys.EXECUTORS_DEFAULT;

    assertThat(strict.parse("Rest")).isEqualTo("rest");
    assertThatThrownBy(() -> strict.parse("grpc")).isInstanceOf(IllegalArgumentException.class);
    assertThat(strict.expected()).isEqualTo("one of highway, rest");
    assertThat(named.parse("my-pool_2")).isEqualTo("my-pool_2");
    assertThatThrownBy(() -> named.parse("my pool")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void familyMatchesItsBaseAndKeysBelowItOnly() {
    ConfigKey<Duration> family = CoreConfigKeys.REQUEST_TIMEOUT;

    assertThat(family.matches("axle.request.timeout")).isTrue();
    assertThat(family.matches("axle.request.timeout.perf1.Schema.op")).isTrue();
    assertThat(family.matches("axle.request.timeouts")).isFalse();
    assertThat(CoreConfigKeys.SHUTDOWN_TIMEOUT.matches("axle.shutdown.timeout.x")).isFalse();
  }

  @Test
  void invalidDefaultIsRejectedWhenTheKeyIsDeclared() {
    assertThatThrownBy(() -> ConfigKey.intKey("i", 0, 1, 10, "An int."))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("default of i");
    assertThatThrownBy(() -> ConfigKey.choiceKey("c", "x", "A choice.", "a", "b"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void suppliedDefaultIsComputedOnReadAndDescribedForDocs() {
    ConfigKey<Integer> key = ConfigKey.intKey("threads", 1, 1, Integer.MAX_VALUE, "Threads.")
        .withDefault(() -> Runtime.getRuntime().availableProcessors(), "number of CPU cores");

    assertThat(key.defaultValue()).contains(Runtime.getRuntime().availableProcessors());
    assertThat(key.defaultDescription()).isEqualTo("number of CPU cores");
    assertThat(key.expected()).isEqualTo("an integer >= 1");
  }

  @Test
  void customKeyUsesTheModulesParser() {
    ConfigKey<Character> key = ConfigKey.custom("ch", 'a', "a single character", text -> {
      if (text.length() != 1) {
        throw new IllegalArgumentException("not one character");
      }
      return text.charAt(0);
    }, "A character.");

    AxleConfig config = AxleConfig.builder().put("ch", "xy").build();

    assertThatThrownBy(() -> config.get(key)).isInstanceOf(ConfigException.class)
        .hasMessageContaining("ch: xy (expected: a single character) — from builder");
  }
}
