package io.axle.config.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.CoreConfigKeys;
import org.junit.jupiter.api.Test;

class KeySuggesterTest {

  private final CoreConfigKeys core = new CoreConfigKeys();

  @Test
  void suggestsTheClosestKeyWithinAFewEdits() {
    assertThat(KeySuggester.suggest("axle.executor.default.groups", core.keys()))
        .contains("axle.executor.default.group");
    assertThat(KeySuggester.suggest("axle.executors.defualt", core.keys())).contains("axle.executors.default");
  }

  @Test
  void keepsTheMemberPartOfAMisspeltFamily() {
    assertThat(KeySuggester.suggest("axle.request.timout.perf1.Schema", core.keys()))
        .contains("axle.request.timeout.perf1.Schema");
  }

  @Test
  void suggestsNothingWhenNoKeyIsNear() {
    assertThat(KeySuggester.suggest("axle.transport.quic.enabled", core.keys())).isEmpty();
  }
}
