package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rps}: the consumer sends at a fixed rate whatever the replies, against a real producer with one
 * business thread, so that {@code sleepEcho} calls (the long tail at ratio 1) queue up on it.
 */
@Tag("slow")
class OpenLoopTest {
  @RegisterExtension
  static final SharedProducer shared = new SharedProducer(Map.of("axle.executor.default.thread-per-group", 1));
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  @Test
  void openLoop_sendsAtTheSetRateAndReportsLateRequests(@TempDir Path dir) throws Exception {
    ConsumerRun run = ConsumerRun.against(shared.get(), dir, "--rps=200", "--duration=2s");

    assertThat(run.output()).contains("open loop at 200 rps, at most 10000 in flight (rps is set, so sync,"
        + " sync-count and async-count do not apply)");
    assertThat(run.output()).contains("  rps         : 200 (open loop").contains("could not be sent on time: ");
    JsonObject result = run.json();
    assertThat(result.getString("mode")).isEqualTo("open");
    assertThat(result.getInteger("rps")).isEqualTo(200);
    assertThat(result.getInteger("max_in_flight")).isEqualTo(10_000);
    // The schedule fixes the count, not the machine's speed: 200 a second for 2 s, give or take those in flight.
    assertThat(result.getLong("requests")).isBetween(320L, 440L);
    assertThat(result.getLong("errors")).isZero();
    assertThat(result.getInteger("concurrency")).as("peak in flight").isPositive();
    JsonArray windows = result.getJsonArray("windows");
    assertThat(windows).hasSize(4);
    long lateInWindows = 0;
    for (int i = 0; i < windows.size(); i++) {
      lateInWindows += windows.getJsonObject(i).getLong("late");
    }
    assertThat(result.getLong("late")).isEqualTo(lateInWindows);
    assertThat(run.output().lines().filter(l -> l.startsWith("[") && l.contains(" late="))).hasSize(4);
    assertThat(result.containsKey("long_tail")).isFalse();
  }

  @Test
  void latency_runsFromTheIntendedSendTime_soQueuedRequestsIncludeTheirWait(@TempDir Path dir) throws Exception {
    // 100 requests a second of 20 ms each on one thread: it can serve 50, so a queue grows through the second.
    ConsumerRun run = ConsumerRun.against(shared.get(), dir, "--rps=100", "--duration=1s", "--long-tail.ratio=1", "--long-tail.delay=20ms");

    JsonObject slow = run.json().getJsonObject("long_tail").getJsonObject("latency_ms");
    assertThat(slow.getDouble("p50")).isGreaterThanOrEqualTo(20.0);
    // A closed loop would see about 20 ms each: here the later requests carry the wait behind the earlier ones.
    assertThat(slow.getDouble("max")).isGreaterThan(200.0);
    assertThat(slow.getDouble("p90")).isGreaterThan(100.0);
  }

  @Test
  void reachingTheInFlightCap_countsRequestsThatCouldNotBeSentOnTime(@TempDir Path dir) throws Exception {
    ConsumerRun run = ConsumerRun.against(shared.get(), dir, "--rps=200", "--rps.max-in-flight=5", "--duration=1s", "--long-tail.ratio=1",
        "--long-tail.delay=20ms");

    JsonObject result = run.json();
    assertThat(result.getInteger("concurrency")).as("peak in flight").isBetween(1, 5);
    // One thread at 20 ms a call serves some 50 a second of the 200 due: the rest find 5 in flight.
    assertThat(result.getLong("not_sent")).isGreaterThan(50);
    assertThat(result.getLong("late")).isGreaterThanOrEqualTo(result.getLong("not_sent"));
    assertThat(run.output()).contains("could not be sent on time: " + result.getLong("late") + " (")
        .contains(result.getLong("not_sent") + " not sent: rps.max-in-flight reached)");
  }

}
