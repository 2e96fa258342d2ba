package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code long-tail.ratio} / {@code long-tail.delay}: that share of the calls go to {@code sleepEcho}, counted
 * here on the producer's side too (its Prometheus counters), and their latency is reported apart.
 */
@Tag("slow")
class LongTailTest {
  // Windows of 500 ms, so the provider's counters catch up soon after a run.
  @RegisterExtension
  static final SharedProducer shared = new SharedProducer(Map.of("axle.metrics.window_time", 500));
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  @Test
  void closedLoop_sendsTheShareToSleepEcho_andReportsItsLatencyApart(@TempDir Path dir) throws Exception {
    double echoBefore = providerCalls("echo");
    double sleepBefore = providerCalls("sleepEcho");

    ConsumerRun run = ConsumerRun.against(shared.get(), dir, "--sync-count=4", "--duration=1500ms", "--long-tail.ratio=0.1", "--long-tail.delay=20ms");

    JsonObject result = run.json();
    JsonObject longTail = result.getJsonObject("long_tail");
    assertThat(longTail.getDouble("ratio")).isEqualTo(0.1);
    assertThat(longTail.getInteger("delay_ms")).isEqualTo(20);
    long slow = longTail.getLong("requests");
    long all = result.getLong("requests");
    assertThat((double) slow / all).as("%d slow of %d", slow, all).isBetween(0.07, 0.13);

    JsonObject slowLatency = longTail.getJsonObject("latency_ms");
    JsonObject normalLatency = result.getJsonObject("latency_ms");
    assertThat(slowLatency.fieldNames()).contains("avg", "p50", "p90", "p99", "p999", "max");
    assertThat(slowLatency.getDouble("p50")).isGreaterThanOrEqualTo(20.0); // it slept that long
    assertThat(normalLatency.getDouble("p50")).isLessThan(slowLatency.getDouble("p50"));
    assertThat(run.output()).contains("long tail: 0.1 of calls sleepEcho 20ms")
        .contains("  long tail   : 10% of calls sleepEcho 20 ms: " + slow + " calls")
        .contains("  slow ms     : avg=");

    // The producer saw the same share: every call the driver made, measured or not, ended there.
    double echo = waitForProviderCalls("echo", echoBefore + all - slow) - echoBefore;
    double sleep = waitForProviderCalls("sleepEcho", sleepBefore + slow) - sleepBefore;
    assertThat(sleep / (sleep + echo)).as("%s sleepEcho of %s calls", sleep, sleep + echo).isBetween(0.08, 0.12);
  }

  @Test
  void openLoop_withALongTail_andTheCurveOfTheNormalCalls(@TempDir Path dir) throws Exception {
    ConsumerRun run = ConsumerRun.against(shared.get(), dir, "--rps=200", "--duration=1s", "--long-tail.ratio=0.25", "--long-tail.delay=5ms");

    JsonObject result = run.json();
    long slow = result.getJsonObject("long_tail").getLong("requests");
    assertThat((double) slow / result.getLong("requests")).isBetween(0.2, 0.3);
    assertThat(result.getInteger("rps")).isEqualTo(200);

    JsonArray curve = result.getJsonArray("latency_curve");
    assertThat(curve).hasSize(17);
    List<Double> percentiles = new ArrayList<>();
    List<Double> millis = new ArrayList<>();
    for (int i = 0; i < curve.size(); i++) {
      percentiles.add(curve.getJsonArray(i).getDouble(0));
      millis.add(curve.getJsonArray(i).getDouble(1));
    }
    assertThat(percentiles).startsWith(0.0, 10.0).endsWith(99.99, 100.0).isSorted();
    assertThat(millis).isSorted();
    assertThat(millis.getLast()).isEqualTo(result.getJsonObject("latency_ms").getDouble("max"));
  }

  /** The provider's counter once it reaches {@code atLeast}, or after 5 s whatever it is. */
  private static double waitForProviderCalls(String operation, double atLeast) throws Exception {
    long deadline = System.nanoTime() + 5_000_000_000L;
    double calls = providerCalls(operation);
    while (calls < atLeast && System.nanoTime() < deadline) {
      Thread.sleep(100);
      calls = providerCalls(operation);
    }
    return calls;
  }

  /** Successful calls of {@code PerfService.<operation>} the producer served, from its {@code GET /metrics}. */
  private static double providerCalls(String operation) throws Exception {
    URI uri = URI.create("http://127.0.0.1:" + shared.get().endpoint("rest").port() + "/metrics");
    String text;
    try (HttpClient http = HttpClient.newHttpClient()) {
      text = http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString()).body();
    }
    return text.lines()
        .filter(l -> l.startsWith("axle_invocation_seconds_count{") && l.contains("role=\"provider\"")
            && l.contains("operation=\"PerfService." + operation + "\"") && l.contains("status=\"OK\""))
        .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)))
        .sum();
  }
}
