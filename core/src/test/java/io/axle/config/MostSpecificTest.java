package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MostSpecificTest {

  private static final AxleConfig CONFIG = AxleConfig.builder().yaml("""
      axle:
        request:
          timeout: 1000
          timeout.perf1: 2000
          timeout.perf1.PerfService: 3000
          timeout.perf1.PerfService.syncQuery: 4000
        references:
          transport:
            perf1.PerfService: rest
      """, "test.yaml").build();

  @Test
  void operationLevelWinsOverSchemaServiceAndBase() {
    assertThat(CONFIG.getMostSpecific(CoreConfigKeys.REQUEST_TIMEOUT, "perf1", "PerfService", "syncQuery"))
        .hasMillis(4000);
  }

  @Test
  void fallsBackOneLevelAtATime() {
    assertThat(CONFIG.getMostSpecific(CoreConfigKeys.REQUEST_TIMEOUT, "perf1", "PerfService", "other"))
        .hasMillis(3000);
    assertThat(CONFIG.getMostSpecific(CoreConfigKeys.REQUEST_TIMEOUT, "perf1", "Other", "op")).hasMillis(2000);
    assertThat(CONFIG.getMostSpecific(CoreConfigKeys.REQUEST_TIMEOUT, "perf2", "PerfService", "syncQuery"))
        .hasMillis(1000);
  }

  @Test
  void fallsBackToTheDefaultWhenNothingIsSet() {
    assertThat(CONFIG.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT, "perf1", "PerfService", "q"))
        .isEqualTo("rest");
    assertThat(CONFIG.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT, "perf1", "Other", "q"))
        .isEqualTo("highway");
    assertThat(CONFIG.getMostSpecific(CoreConfigKeys.EXECUTORS_PROVIDER, "PerfService", "q")).isNull();
  }

  @Test
  void rejectsAKeyThatIsNotAFamily() {
    assertThatThrownBy(() -> CONFIG.getMostSpecific(CoreConfigKeys.SHUTDOWN_TIMEOUT, "x"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("axle.shutdown.timeout");
  }
}
