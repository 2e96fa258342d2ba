package io.axle.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Role;
import io.axle.Status;
import io.axle.metrics.CpuStats;
import io.axle.metrics.OperationStats;
import io.axle.metrics.StageStats;
import io.axle.metrics.Window;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** With consumer and provider in one process, the log shows the consumer's wait beside the provider's time. */
class LogPublisherGapTest {

  private static OperationStats stats(Role role, List<StageStats> stages) {
    return new OperationStats(role, "highway", "PerfService.echo", null, 100, 100, 0, 0, 2, 2, 2, 2, 2, 2, stages);
  }

  @Test
  void consumerAndProviderOfOneOperation_getAGapLine() {
    OperationStats consumer = stats(Role.CONSUMER, List.of(new StageStats("wait", 100, 2280, 12100)));
    OperationStats provider = stats(Role.PROVIDER, List.of(new StageStats("queue", 100, 300, 900),
        new StageStats("execute", 100, 110, 400)));
    List<String> lines = new ArrayList<>();
    LogSink sink = new LogSink() {
      @Override
      public void window(String line) {
        lines.add(line);
      }

      @Override
      public void slow(String line) {
        lines.add(line);
      }
    };
    Instant now = Instant.now();
    new LogPublisher(sink, false).publish(new Window(now, now, Duration.ofSeconds(1), List.of(),
        List.of(consumer, provider), List.of(), new CpuStats(10, 20, 2)));
    assertThat(lines).contains("gap highway PerfService.echo consumer wait=2.28ms provider queue+execute=0.41ms rest=1.87ms");
  }

  @Test
  void withoutTheProvider_thereIsNoGapLine() {
    OperationStats consumer = stats(Role.CONSUMER, List.of(new StageStats("wait", 100, 2280, 12100)));
    assertThat(LogPublisher.gapLine(consumer, stats(Role.PROVIDER, List.of()))).isNull();
  }
}
