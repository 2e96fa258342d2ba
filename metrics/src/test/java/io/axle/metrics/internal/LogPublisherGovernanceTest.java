package io.axle.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.metrics.CpuStats;
import io.axle.metrics.Window;
import io.axle.policy.PolicyState;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A window with governance states logs them on a line of their own and carries them in its JSON. */
class LogPublisherGovernanceTest {

  private static List<String> published(Window window) {
    List<String> lines = new ArrayList<>();
    new LogPublisher(new LogSink() {
      @Override
      public void window(String line) {
        lines.add(line);
      }

      @Override
      public void slow(String line) {
        lines.add(line);
      }
    }, false).publish(window);
    return lines;
  }

  @Test
  void policyStates_areOneGovernanceLine_andInTheJson() {
    Instant now = Instant.now();
    Window window = new Window(now, now, Duration.ofSeconds(1), List.of(), List.of(), List.of(),
        new CpuStats(10, 20, 2), List.of(), List.of(new PolicyState("breaker inventory/Inventory.stock", "OPEN"),
            new PolicyState("adaptive-limit axle.governance.adaptive-limit.algorithm", "limit=24 inflight=20")));

    assertThat(published(window)).containsExactly("governance breaker inventory/Inventory.stock=OPEN "
        + "adaptive-limit axle.governance.adaptive-limit.algorithm=limit=24 inflight=20");
    assertThat(WindowJson.of(window).getJsonArray("policies").encode()).isEqualTo(
        "[{\"name\":\"breaker inventory/Inventory.stock\",\"state\":\"OPEN\"},{\"name\":\"adaptive-limit "
            + "axle.governance.adaptive-limit.algorithm\",\"state\":\"limit=24 inflight=20\"}]");
  }

  @Test
  void withoutStates_thereIsNoGovernanceLine() {
    Instant now = Instant.now();
    assertThat(published(new Window(now, now, Duration.ofSeconds(1), List.of(), List.of(), List.of(),
        new CpuStats(10, 20, 2)))).isEmpty();
  }
}
