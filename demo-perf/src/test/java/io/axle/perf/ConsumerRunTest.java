package io.axle.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The consumer, run through {@link PerfMain#run} as {@code -c}, against a real producer on loopback. */
@Tag("slow")
class ConsumerRunTest {
  // Provider windows as short as the consumer's, so a 2 s run sees several of them.
  @RegisterExtension
  static final SharedProducer shared = new SharedProducer(Map.of("axle.metrics.window_time", 500));
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
      "highway, sync, --sync=true, --sync-count=6, 6",
      "highway, sync-virtual, --sync.threads=virtual, --sync-count=6, 6",
      "highway, async, --sync=false, --async-count=12, 12",
      "rest, sync, --sync=true, --sync-count=6, 6",
      "rest, async, --sync=false, --async-count=12, 12"})
  void runWritesTheResultAsJson(String transport, String mode, String syncArg, String countArg, int concurrency,
      @TempDir Path dir) throws Exception {
    Path json = dir.resolve("result.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", syncArg, countArg, "--duration=2s", "--warmup=0s",
        "--axle.metrics.window_time=500", "--axle.references.transport=" + transport,
        "--axle.highway.client.thread-count=1", "--axle.rest.client.thread-count=1", "--json=" + json,
        TestProducers.registryArg(shared.get())}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(output).contains("perf summary").contains("mode        : " + mode).contains("] tps=");
    // The endpoint it drives is the chosen transport's, not the first one registered.
    assertThat(output).contains("driving perf1 at " + transport + "://127.0.0.1:"
        + shared.get().endpoint(transport).port() + " over " + transport + ":");

    JsonObject result = new JsonObject(Files.readString(json));
    assertThat(result.getString("role")).isEqualTo("consumer");
    assertThat(result.getString("transport")).isEqualTo(transport);
    assertThat(result.getString("mode")).isEqualTo(mode);
    assertThat(result.getInteger("concurrency")).isEqualTo(concurrency);
    assertThat(result.getDouble("duration_s")).isBetween(1.5, 3.0);
    // More calls than callers: each one kept calling (not a speed check: that is one call each).
    assertThat(result.getLong("requests")).isGreaterThan(concurrency);
    assertThat(result.getLong("errors")).isZero();
    assertThat(result.getDouble("tps")).isPositive();
    // This process's CPU over the measured window, per request; the producer runs in this JVM, not as a child.
    assertThat(result.getJsonObject("cpu").getDouble("consumer_us_per_request")).isPositive();
    assertThat(result.getJsonObject("cpu").getValue("producer_us_per_request")).isNull();
    assertThat(output).contains("  cpu/request : consumer ", "producer: n/a (not a child of this process)");

    JsonObject latency = result.getJsonObject("latency_ms");
    assertThat(latency.fieldNames()).contains("avg", "p50", "p90", "p99", "p999", "max");
    List<Double> ordered = List.of(latency.getDouble("p50"), latency.getDouble("p90"), latency.getDouble("p99"),
        latency.getDouble("p999"), latency.getDouble("max"));
    assertThat(ordered).isSorted();
    assertThat(latency.getDouble("p50")).isPositive();
    assertThat(latency.getDouble("avg")).isPositive().isLessThanOrEqualTo(latency.getDouble("max"));

    JsonArray windows = result.getJsonArray("windows");
    assertThat(windows).isNotEmpty();
    double previous = 0;
    long windowRequests = 0;
    double windowCpuNanos = 0;
    for (int i = 0; i < windows.size(); i++) {
      JsonObject window = windows.getJsonObject(i);
      assertThat(window.getDouble("t_s")).isGreaterThan(previous);
      assertThat(window.fieldNames()).contains("tps", "p99_ms", "errors", "cpu_percent");
      windowCpuNanos += window.getDouble("cpu_percent") / 100 * (window.getDouble("t_s") - previous) * 1e9;
      previous = window.getDouble("t_s");
      windowRequests += window.getLong("requests");
    }
    // The windows' CPU adds up to the process's CPU over the measured time, which the summary's per-request
    // figure comes from (same clock, read at the same instants; windows end on their nominal times).
    double measuredCpuNanos = result.getJsonObject("cpu").getDouble("consumer_us_per_request") * 1e3
        * result.getLong("requests");
    assertThat(windowCpuNanos).isCloseTo(measuredCpuNanos, org.assertj.core.data.Percentage.withPercentage(15));
    assertThat(output).containsPattern("(?m)^\\[ *\\d+(\\.\\d)?s\\] tps=.* errors=0 cpu=\\d+%$");
    // 500 ms windows over 2 s, and the windows account for every measured request.
    assertThat(windows.size()).isEqualTo(4);
    assertThat(previous).isEqualTo(2.0);
    assertThat(windowRequests).isEqualTo(result.getLong("requests"));

    // The provider's own figures, fetched from its GET /metrics/window on the REST port.
    assertThat(output).contains("         provider: tps=").contains("gap avg=")
        .contains("  provider    : avg=").contains("  gap avg     : ");
    JsonObject provider = result.getJsonObject("provider");
    assertThat(provider).as("provider in %s", result).isNotNull();
    assertThat(provider.getInteger("windows")).isGreaterThanOrEqualTo(1);
    assertThat(provider.getDouble("tps")).isPositive();
    assertThat(provider.getJsonObject("latency_ms").getDouble("avg")).isPositive();
    assertThat(provider.getJsonObject("stages_us").fieldNames()).contains("queue", "execute");
    assertThat(result.getDouble("gap_avg_ms")).isNotNull();
    assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain("provider figures");

    // The consumer's own figures, from its runtime's metrics: its stages, its connection to the producer, its
    // callers in flight, the host's CPU; under each window, in the summary and in the JSON.
    assertThat(output).contains("         consumer: os_cpu=", "  consumer    : os cpu ", "  gap parts   : caller ");
    JsonObject consumer = result.getJsonObject("consumer");
    assertThat(consumer).as("consumer in %s", result).isNotNull();
    JsonObject stages = consumer.getJsonObject("stages_us");
    assertThat(stages.fieldNames()).containsExactly("prepare", "encode", "connection", "send", "wait", "decode");
    assertThat(stages.getDouble("wait")).isPositive();
    // The stages lie inside Axle's consumer latency, which lies inside the driver's (each call's both ways).
    double stageSumMs = stages.fieldNames().stream().mapToDouble(stages::getDouble).sum() / 1000;
    assertThat(stageSumMs).isLessThanOrEqualTo(consumer.getDouble("axle_avg_ms") * 1.01 + 0.002);
    // One client loop, so one highway connection to the producer; REST opens what its pool needs.
    String endpoint = transport + " 127.0.0.1:" + shared.get().endpoint(transport).port();
    assertThat(consumer.getJsonObject("connections").getLong(endpoint)).as("connections in %s", consumer)
        .isBetween(1L, transport.equals("highway") ? 1L : (long) concurrency);
    assertThat(consumer.getInteger("in_flight")).isEqualTo(concurrency);
    // The runtime's own count, per endpoint: at most every caller's call, to the one endpoint driven.
    assertThat(consumer.getJsonObject("in_flight_by_endpoint").fieldNames()).containsExactly(endpoint);
    assertThat(consumer.getJsonObject("in_flight_by_endpoint").getInteger(endpoint)).isBetween(0, concurrency);
    assertThat(output).containsPattern("consumer: .*\\| in flight " + java.util.regex.Pattern.quote(endpoint) + "=\\d+");
    assertThat(consumer.getInteger("threads")).isGreaterThan(mode.startsWith("sync") && !mode.contains("virtual")
        ? concurrency : 0);
    for (int i = 0; i < windows.size(); i++) {
      assertThat(windows.getJsonObject(i).getJsonObject("consumer").fieldNames()).contains("threads", "in_flight");
    }
    JsonObject parts = result.getJsonObject("gap_parts_ms");
    assertThat(parts.getDouble("caller") + parts.getDouble("consumer") + parts.getDouble("outside"))
        .isCloseTo(result.getDouble("gap_avg_ms"), org.assertj.core.data.Offset.offset(0.003));
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void aPojoPayload_travelsAsAnOrder_overEitherTransport(String transport, @TempDir Path dir) throws Exception {
    Path json = dir.resolve("result.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--sync=false", "--async-count=4", "--payload=pojo-1k",
        "--duration=1s", "--warmup=0s", "--axle.references.transport=" + transport, "--json=" + json,
        TestProducers.registryArg(shared.get())}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    // The order is sized by highway's answer frame: the first size past 1 KiB.
    assertThat(output).containsPattern("payload pojo-1k \\(an order of \\d+ lines, 10[2-9]\\d bytes in highway's answer frame\\)");
    JsonObject result = new JsonObject(Files.readString(json));
    assertThat(result.getLong("requests")).isGreaterThan(4);
    assertThat(result.getLong("errors")).isZero();
    assertThat(result.getString("payload")).isEqualTo("pojo-1k");
  }

  @Test
  void aPojoPayloadWithEchoDelay_isABadConfiguration() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--payload=pojo-1k", "--echo.delay=2ms",
        TestProducers.registryArg(shared.get())}, print(new ByteArrayOutputStream()), print(err));

    assertThat(status).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("payload: pojo-1k with echo.delay 2ms (expected: payload "
        + "string, or no echo.delay: every call is then a sleepEcho string and no order would be sent)");
  }

  @Test
  void withoutARestEntry_theRunSucceedsWithoutTheProvidersFigures(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("result.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--sync-count=2", "--duration=1s", "--warmup=0s",
        "--axle.metrics.window_time=500", "--json=" + json,
        "--axle.registry.local.perf1=highway://127.0.0.1:" + shared.get().endpoint().port()}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(output).contains("provider figures: skipped (no rest://host:port entry for perf1")
        .contains("perf summary").doesNotContain("provider:").doesNotContain("  provider    :")
        .doesNotContain("gap avg");
    JsonObject result = new JsonObject(Files.readString(json));
    assertThat(result.fieldNames()).doesNotContain("provider", "gap_avg_ms");
    assertThat(result.getLong("requests")).isPositive();
  }

  @Test
  void aRestEntryWithNothingBehindIt_warnsOnceAndTheRunGoesOn(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("result.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int closedPort;
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closedPort = socket.getLocalPort();
    }

    int status = PerfMain.run(new String[] {"-c", "--sync-count=2", "--duration=1500ms", "--warmup=0s",
        "--axle.metrics.window_time=500", "--json=" + json, "--axle.registry.local.perf1=highway://127.0.0.1:"
        + shared.get().endpoint().port() + ",rest://127.0.0.1:" + closedPort}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("provider figures: GET")))
        .hasSize(1);
    assertThat(output).contains("perf summary").doesNotContain("  provider    :");
    assertThat(new JsonObject(Files.readString(json)).fieldNames()).doesNotContain("provider", "gap_avg_ms");
  }

  @Test
  void withWarmupMax_theWarmupGoesOnUntilTheWindowsSettle_andSaysHowItEnded(@TempDir Path dir) throws Exception {
    ConsumerRun run = ConsumerRun.against(shared.get(), dir, "--warmup=1s", "--warmup.max=4s", "--duration=1s",
        "--sync=false", "--async-count=8");

    // At least the warm-up's 1 s, at most warmup.max; either way the output says which.
    double warmup = run.json().getDouble("warmup_s");
    assertThat(warmup).isBetween(0.9, 4.3);
    assertThat(run.output()).containsPattern("warm-up: (settled after \\d+\\.\\d s \\(the last 3 windows' TPS within "
        + "\\d+% of their mean\\)|not settled after \\d+\\.\\d s \\(warmup.max; )");
    assertThat(run.output()).contains("warm-up 1s until the windows settle (at most 4s)");
    // 500 ms windows: the settled warm-up had at least three of them.
    long warmupWindows = run.output().lines().filter(line -> line.endsWith("(warm-up)")).count();
    assertThat(warmupWindows).isBetween(3L, 9L);
  }

  @Test
  void warmupWindowsArePrintedButLeftOutOfTheResult(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("result.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--sync-count=2", "--duration=1s", "--warmup=1s",
        "--axle.metrics.window_time=500", "--json=" + json, TestProducers.registryArg(shared.get())},
        print(out), print(new ByteArrayOutputStream()));

    assertThat(status).isZero();
    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(output.lines().filter(l -> l.endsWith("(warm-up)"))).hasSize(2);
    JsonObject result = new JsonObject(Files.readString(json));
    assertThat(result.getJsonArray("windows")).hasSize(2);
    assertThat(result.getDouble("duration_s")).isBetween(0.9, 1.5);
  }

  @Test
  void aTransportWithNoRegistryEntry_isABadConfiguration() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--axle.references.transport=rest",
        "--axle.registry.local.perf1=highway://127.0.0.1:" + shared.get().endpoint().port()},
        print(new ByteArrayOutputStream()), print(err));

    assertThat(status).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("axle.registry.local.perf1: highway://127.0.0.1:"
        + shared.get().endpoint().port() + " (expected: a rest://host:port entry, because axle.references.transport is rest)");
  }

  static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
