package io.axle.perf.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

/** CPU per request: the arithmetic, the summary line and the run JSON's {@code "cpu"} object. */
class CpuPerRequestTest {
  private static final Latency LATENCY = new Latency(0.9, 0.8, 1.2, 2.5, 6.1, 12.0);

  private static RunResult result(CpuPerRequest cpu) {
    return new RunResult("highway", "sync", 100, 10, 5.0, 10.0, 1_000_000, 0, 100_000.0, LATENCY, List.of(), null,
        null, null, null, cpu);
  }

  @Test
  void cpuNanosOverRequests_inMicroseconds() {
    // 3.1 s of consumer CPU and 2.4 s of producer CPU over a million requests.
    CpuPerRequest cpu = CpuPerRequest.of(3_100_000_000L, 2_400_000_000L, 1_000_000);

    assertThat(cpu.consumerUs()).isEqualTo(3.1);
    assertThat(cpu.producerUs()).isEqualTo(2.4);
    assertThat(cpu.producerKnown()).isTrue();
    assertThat(cpu.totalUs()).isCloseTo(5.5, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void unknownClockOrNoRequest_isNaN() {
    CpuPerRequest noChild = CpuPerRequest.of(3_100_000_000L, -1, 1_000_000);
    assertThat(noChild.consumerUs()).isEqualTo(3.1);
    assertThat(noChild.producerUs()).isNaN();
    assertThat(noChild.producerKnown()).isFalse();
    assertThat(noChild.totalUs()).as("the total needs both sides").isNaN();

    CpuPerRequest noRequest = CpuPerRequest.of(3_100_000_000L, 2_400_000_000L, 0);
    assertThat(noRequest.consumerUs()).isNaN();
    assertThat(noRequest.producerUs()).isNaN();
  }

  @Test
  void summaryLine_bothSides_orTheProducerUnknown() {
    assertThat(TextReport.summary(result(CpuPerRequest.of(3_100_000_000L, 2_400_000_000L, 1_000_000))))
        .contains(System.lineSeparator() + "  cpu/request : consumer 3.1 µs, producer 2.4 µs (process CPU over the"
            + " measured 10.0 s / requests)");
    assertThat(TextReport.summary(result(CpuPerRequest.of(3_100_000_000L, -1, 1_000_000))))
        .contains(System.lineSeparator() + "  cpu/request : consumer 3.1 µs (process CPU over the measured 10.0 s /"
            + " requests), producer: n/a (not a child of this process)");
    assertThat(TextReport.summary(result(null))).doesNotContain("cpu/request");
  }

  @Test
  void json_hasTheCpuObject_withNullForTheUnknownProducer() {
    JsonObject both = new JsonObject(JsonReport.toJson(result(CpuPerRequest.of(3_100_000_000L, 2_400_000_000L,
        1_000_000))).encode());
    assertThat(both.getJsonObject("cpu"))
        .isEqualTo(new JsonObject("{\"consumer_us_per_request\":3.1,\"producer_us_per_request\":2.4}"));

    JsonObject consumerOnly = new JsonObject(JsonReport.toJson(result(CpuPerRequest.of(3_123_456_789L, -1,
        1_000_000))).encode());
    assertThat(consumerOnly.getJsonObject("cpu"))
        .isEqualTo(new JsonObject("{\"consumer_us_per_request\":3.12,\"producer_us_per_request\":null}"));
    assertThat(consumerOnly.getJsonObject("cpu").containsKey("producer_us_per_request")).isTrue();

    assertThat(JsonReport.toJson(result(null)).fieldNames()).doesNotContain("cpu");
  }
}
