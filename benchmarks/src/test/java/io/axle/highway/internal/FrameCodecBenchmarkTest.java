package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.benchmarks.BenchService;
import io.axle.benchmarks.Payload;
import io.axle.perf.payload.Payloads;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each codec benchmark runs once per payload and does what it claims; no timing is asserted. */
class FrameCodecBenchmarkTest {

  @ParameterizedTest
  @ValueSource(strings = {"echo", "pojo1k", "order1k"})
  void eachBenchmarkRoundTripsItsPayload(String payload) {
    FrameCodecBenchmark bench = new FrameCodecBenchmark();
    bench.payload = payload;
    bench.setUp();
    try {
      Object expected = payload.equals("echo") ? BenchService.ECHO_MESSAGE
          : payload.equals("order1k") ? Payloads.of(Payloads.POJO_1K) : Payload.sample();
      int[] sizes = bench.frameSizes();
      assertThat(bench.encodeRequest()).isEqualTo(sizes[0]);
      assertThat(bench.encodeResponse()).isEqualTo(sizes[1]);
      assertThat(bench.decodeRequest()).isEqualTo(expected);
      assertThat(bench.decodeResponse()).isEqualTo(expected);
      // Twice: each call reads its frame from the start again and releases what it cut.
      assertThat(bench.decodeRequest()).isEqualTo(expected);
      assertThat(bench.decodeResponse()).isEqualTo(expected);
      if (payload.equals("order1k")) {
        // Sized by this very frame: the first order whose answer frame reaches 1 KiB.
        assertThat(sizes[1]).isBetween(1024, 1200);
      }
      if (payload.equals("pojo1k")) {
        // "About 1 KB": the response frame is the 20-byte fixed header, an empty header section and the body.
        assertThat(sizes[1] - Frames.FIXED_SIZE).isBetween(1000, 1100);
      }
    } finally {
      bench.tearDown();
    }
  }
}
