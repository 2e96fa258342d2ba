package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

class ValidateTest {

  @Test
  void collectsAllProblemsInKeyOrder() {
    AxleConfig config = AxleConfig.builder().yaml("""
        axle:
          highway:
            server:
              thread-count: 0
              ssl: maybe
          request:
            timeout.perf1: soon
          executors:
            Provider.PerfService: "no way"
          servce:
            name: typo
        """, "bad.yaml").build();

    ConfigException e = catchThrowableOfType(ConfigException.class, () -> config.validate(TestKeys.known()));

    assertThat(e.problems()).containsExactly(
        "axle.executors.Provider.PerfService: no way (expected: one of inline, group, virtual, or the name of a"
            + " registered executor) — from bad.yaml",
        "axle.highway.server.ssl: maybe (expected: true or false) — from bad.yaml",
        "axle.highway.server.thread-count: 0 (expected: an integer in [1, 1024]) — from bad.yaml",
        "axle.request.timeout.perf1: soon (expected: a duration such as 500ms, 30s or a number of milliseconds,"
            + " >= 1ms) — from bad.yaml",
        "axle.servce.name: unknown key (expected: a known key; did you mean axle.service.name?) — from bad.yaml");
    assertThat(e.getMessage()).startsWith("Invalid configuration:\n  axle.executors.Provider.PerfService: no way");
  }

  @Test
  void anExecutorNameThatIsNotRegistered_isReportedWithTheOtherProblems() {
    AxleConfig config = AxleConfig.builder().yaml("""
        axle:
          request.timeout: soon
          executors:
            default: grup
            Provider.PerfService: slow-pool
            Provider.Other: virtual
        """, "app.yaml").build();

    ConfigException e = catchThrowableOfType(ConfigException.class,
        () -> config.validate(TestKeys.known(), CoreConfigKeys.executorNames(java.util.Set.of("slow-pool"))));

    assertThat(e.problems()).containsExactly(
        "axle.executors.default: grup (expected: one of inline, group, virtual, or the name of a registered "
            + "executor; registered: slow-pool) — from app.yaml",
        "axle.request.timeout: soon (expected: a duration such as 500ms, 30s or a number of milliseconds,"
            + " >= 1ms) — from app.yaml");
  }

  @Test
  void acceptsValidValuesNamedExecutorsAndApplicationKeys() {
    AxleConfig config = AxleConfig.builder().yaml("""
        sync: true
        axle:
          service.name: perf
          registry.local.perf1: [highway://127.0.0.1:7070, "rest://[::1]:8080?sslEnabled=true", baseline-rest://127.0.0.1:8081]
          executors:
            default: virtual
            Provider.PerfService.syncQuery: myPool
          references.transport.perf1: REST
          request.timeout: 2m
          metrics.window_time: 100
          highway.server.address: 7070
        """, "good.yaml").build();

    config.validate(TestKeys.known());

    assertThat(config.get(CoreConfigKeys.REFERENCES_TRANSPORT)).isEqualTo("highway");
    assertThat(config.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT, "perf1")).isEqualTo("rest");
    assertThat(config.get(TestKeys.ADDRESS)).isEqualTo(new HostAndPort("0.0.0.0", 7070));
  }
}
