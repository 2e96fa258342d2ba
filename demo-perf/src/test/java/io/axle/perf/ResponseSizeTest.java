package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.perf.producer.Producer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code response-size} over a real call: the answer is exactly that many bytes, whatever was sent. */
class ResponseSizeTest {
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  @Test
  void echoAnswersWithResponseSizeBytes() {
    try (Producer producer = TestProducers.start(Map.of("response-size", 1000));
         Axle consumer = consumerOf(producer)) {
      PerfService perf = consumer.reference(PerfService.class, PerfService.SERVICE_NAME, PerfService.SCHEMA_ID);

      assertThat(perf.echo("hello").getBytes(StandardCharsets.UTF_8)).hasSize(1000);
      assertThat(perf.echo("").getBytes(StandardCharsets.UTF_8)).hasSize(1000);
      assertThat(perf.sleepEcho("hello", 5).getBytes(StandardCharsets.UTF_8)).hasSize(1000);
    }
  }

  @Test
  void withoutResponseSizeEchoReturnsTheMessage() {
    try (Producer producer = TestProducers.start(Map.of());
         Axle consumer = consumerOf(producer)) {
      PerfService perf = consumer.reference(PerfService.class, PerfService.SERVICE_NAME, PerfService.SCHEMA_ID);

      assertThat(perf.echo("hello")).isEqualTo("hello");
      assertThat(perf.sleepEcho("later", 5)).isEqualTo("later");
    }
  }

  private Axle consumerOf(Producer producer) {
    return books.runtimes().start(Axle.builder().config(AxleConfig.builder()
        .put("axle.service.name", "test-consumer")
        .put("axle.registry.local.perf1", "highway://127.0.0.1:" + producer.endpoint().port())
        .put("axle.highway.server.thread-count", 1)
        .put("axle.highway.client.thread-count", 1)
        .build()));
  }
}
