package io.axle.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.axle.AxleException;
import io.axle.Role;
import io.axle.Status;
import io.axle.metrics.internal.LogSink;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.Runtimes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Windows computed from real calls on loopback. The window clock runs every minute, so only the
 * test's own {@link AxleMetrics#tick()} closes windows. No assertion is about speed: counts are exact,
 * and latencies are compared with the delays the provider was asked to sleep.
 */
class AxleMetricsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final String ECHO = "EchoService.echo";
  private static final String SLEEP = "EchoService.sleepEcho";

  /** Collects what the log publisher writes. */
  static final class ListSink implements LogSink {
    final List<String> windows = new CopyOnWriteArrayList<>();
    final List<String> slow = new CopyOnWriteArrayList<>();

    @Override
    public void window(String line) {
      windows.add(line);
    }

    @Override
    public void slow(String line) {
      slow.add(line);
    }
  }

  private static AxleMetrics metrics(ListSink sink, Map<String, ?> entries) {
    Map<String, Object> all = new java.util.LinkedHashMap<>();
    all.put("axle.metrics.window_time", "60s");
    // Off by default; these tests read the lines.
    all.put("axle.metrics.publisher.defaultLog.enabled", true);
    all.putAll(entries);
    return AxleMetrics.create(Runtimes.config(all), sink);
  }

  @Test
  void windowCountAndTps_matchTheCallsMade() throws Exception {
    try (Calls calls = new Calls(runtimes, metrics(new ListSink(), Map.of()), Map.of())) {
      calls.metrics.tick(); // drops whatever start-up did
      for (int i = 0; i < 50; i++) {
        assertThat(calls.echo.echo("m" + i)).isEqualTo("m" + i);
      }
      calls.awaitEnds(Role.CONSUMER, Status.OK, 50);
      calls.awaitEnds(Role.PROVIDER, Status.OK, 50);
      Window window = calls.metrics.tick();

      assertThat(calls.metrics.lastWindow()).isSameAs(window);
      double seconds = window.duration().toNanos() / 1e9;
      for (Role role : Role.values()) {
        OperationStats ok = window.operation(role, "highway", ECHO, Status.OK);
        assertThat(ok).as(role + " row").isNotNull();
        assertThat(ok.count()).isEqualTo(50);
        assertThat(ok.errors()).isZero();
        assertThat(ok.tps()).isCloseTo(50 / seconds, within(1e-6));
        OperationStats total = window.total(role, "highway", ECHO);
        assertThat(total.count()).isEqualTo(50);
        assertThat(total.status()).isNull();
      }
      assertThat(window.count()).isEqualTo(100);
      assertThat(window.end()).isAfterOrEqualTo(window.start());
    }
  }

  /**
   * A window a configuration change landed in names both versions and what changed, in its log line and its
   * JSON; the next one carries the new version alone; the pools follow the operations onto their new executor.
   */
  @Test
  void aWindowThatSpansAConfigChange_saysSo_andThePoolsFollowTheNewExecutor() throws Exception {
    ListSink sink = new ListSink();
    try (Calls calls = new Calls(runtimes, metrics(sink, Map.of()), Map.of("axle.executors.default", "group"))) {
      calls.echo.echo("before");
      calls.awaitEnds(Role.PROVIDER, Status.OK, 1);
      Window before = calls.metrics.tick();
      assertThat(before.config().number()).isEqualTo(1);
      assertThat(before.spansConfigChange()).isFalse();
      assertThat(before.pools()).extracting(PoolStats::name).containsExactly("group");

      calls.provider.reconfigure("test", Map.of("axle.executors.default", "virtual"));
      calls.echo.echo("after");
      calls.awaitEnds(Role.PROVIDER, Status.OK, 2);
      Window spanning = calls.metrics.tick();

      assertThat(spanning.spansConfigChange()).isTrue();
      assertThat(spanning.configAtStart().number()).isEqualTo(1);
      assertThat(spanning.config().number()).isEqualTo(2);
      assertThat(sink.windows).contains("config " + spanning.configAtStart() + " -> " + spanning.config()
          + ": axle.executors.default: group -> virtual");
      io.vertx.core.json.JsonObject json = io.axle.metrics.internal.WindowJson.of(spanning).getJsonObject("config");
      assertThat(json.getLong("version")).isEqualTo(2);
      assertThat(json.getString("source")).isEqualTo("test");
      assertThat(json.getJsonObject("from").getLong("version")).isEqualTo(1);
      assertThat(json.getJsonArray("changes").getList()).containsExactly("axle.executors.default: group -> virtual");
      assertThat(spanning.pools()).extracting(PoolStats::name).containsExactly("virtual");

      Window next = calls.metrics.tick();
      assertThat(next.spansConfigChange()).isFalse();
      assertThat(next.config().number()).isEqualTo(2);
      assertThat(io.axle.metrics.internal.WindowJson.of(next).getJsonObject("config").containsKey("from")).isFalse();
    }
  }

  /** The slow-call threshold and the window log follow a configuration change from the next window. */
  @Test
  void theSlowCallThreshold_andTheWindowLog_followAConfigurationChange() throws Exception {
    ListSink sink = new ListSink();
    try (Calls calls = new Calls(runtimes, metrics(sink, Map.of()), Map.of())) {
      calls.echo.sleepEcho("before", 60);
      calls.awaitEnds(Role.PROVIDER, Status.OK, 1);
      calls.metrics.tick();
      assertThat(sink.slow).as("no threshold set").isEmpty();

      calls.provider.reconfigure("test", Map.of("axle.metrics.Provider.invocation.slow.enabled", true,
          "axle.metrics.Provider.invocation.slow.msTime", "30ms"));
      calls.metrics.tick(); // the window that closes next takes it
      calls.echo.sleepEcho("after", 60);
      calls.awaitEnds(Role.PROVIDER, Status.OK, 2);
      calls.metrics.tick();
      assertThat(sink.slow).as("slow provider calls after the change").hasSize(1);

      calls.provider.reconfigure("test", Map.of("axle.metrics.publisher.defaultLog.enabled", false));
      calls.metrics.tick();
      int lines = sink.windows.size();
      calls.echo.echo("quiet");
      calls.awaitEnds(Role.PROVIDER, Status.OK, 3);
      calls.metrics.tick();
      assertThat(sink.windows).as("window lines once the log was turned off").hasSize(lines);
    }
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }

  /** HdrHistogram's: the value kept in microseconds, rounded up within 0.1%. */
  private static org.assertj.core.data.Offset<Double> precision(long nanos) {
    return within(nanos / 1e6 * 0.002 + 0.002);
  }

  @Test
  void percentiles_matchTheInjectedDelays() throws Exception {
    try (Calls calls = new Calls(runtimes, metrics(new ListSink(), Map.of()), Map.of())) {
      calls.echo.echo("connect first");
      calls.awaitEnds(Role.PROVIDER, Status.OK, 1);
      calls.metrics.tick();
      for (int i = 0; i < 6; i++) {
        calls.echo.sleepEcho("short", 20);
      }
      for (int i = 0; i < 4; i++) {
        calls.echo.sleepEcho("long", 50);
      }
      calls.awaitEnds(Role.CONSUMER, Status.OK, 11);
      calls.awaitEnds(Role.PROVIDER, Status.OK, 11);
      Window window = calls.metrics.tick();

      for (Role role : Role.values()) {
        OperationStats stats = window.operation(role, "highway", SLEEP, Status.OK);
        assertThat(stats.count()).isEqualTo(10);
        // What a second listener measured for the same calls, sorted: HdrHistogram's P50 of 10 values is the
        // 5th, its P90 the 9th; it keeps microseconds to 3 significant digits.
        List<Long> measured = calls.latencies(role, SLEEP);
        assertThat(measured).hasSize(10);
        assertThat(stats.p50Ms()).as(role + " p50").isCloseTo(ms(measured.get(4)), precision(measured.get(4)));
        assertThat(stats.p90Ms()).as(role + " p90").isCloseTo(ms(measured.get(8)), precision(measured.get(8)));
        assertThat(stats.maxMs()).as(role + " max").isCloseTo(ms(measured.get(9)), precision(measured.get(9)));
        double mean = measured.stream().mapToLong(Long::longValue).average().orElseThrow() / 1e6;
        assertThat(stats.avgMs()).as(role + " avg").isCloseTo(mean, within(mean * 0.002 + 0.002));
        // And those are the injected delays: 6 calls of 20 ms, 4 of 50 ms, plus the way there and back (a sleep
        // on a loaded machine may wake late, so only the lower bounds are the delays').
        assertThat(stats.p50Ms()).as(role + " p50").isGreaterThanOrEqualTo(20.0).isLessThanOrEqualTo(stats.p90Ms());
        assertThat(stats.p90Ms()).as(role + " p90").isGreaterThanOrEqualTo(50.0);
        assertThat(stats.p99Ms()).isLessThanOrEqualTo(stats.p999Ms()).isLessThanOrEqualTo(stats.maxMs());
      }
      StageStats execute = window.operation(Role.PROVIDER, "highway", SLEEP, Status.OK).stage("execute");
      assertThat(execute.count()).isEqualTo(10);
      assertThat(execute.avgMicros()).isGreaterThanOrEqualTo(32_000.0); // (6 * 20 + 4 * 50) / 10 ms at least
      assertThat(execute.maxMicros()).isGreaterThanOrEqualTo(50_000.0);
    }
  }

  @Test
  void aWindowAfterAnIdleOne_carriesNothingOver() throws Exception {
    try (Calls calls = new Calls(runtimes, metrics(new ListSink(), Map.of()), Map.of())) {
      calls.echo.echo("x");
      calls.awaitEnds(Role.PROVIDER, Status.OK, 1);
      calls.awaitEnds(Role.CONSUMER, Status.OK, 1);
      assertThat(calls.metrics.tick().total(Role.CONSUMER, "highway", ECHO).count()).isEqualTo(1);

      Window idle = calls.metrics.tick();
      assertThat(idle.total(Role.CONSUMER, "highway", ECHO)).isNull();
      assertThat(idle.operations()).isEmpty();
      assertThat(idle.count()).isZero();

      calls.echo.echo("y");
      calls.awaitEnds(Role.PROVIDER, Status.OK, 2);
      calls.awaitEnds(Role.CONSUMER, Status.OK, 2);
      Window next = calls.metrics.tick();
      assertThat(next.operation(Role.CONSUMER, "highway", ECHO, Status.OK).count()).isEqualTo(1);
      assertThat(next.operation(Role.PROVIDER, "highway", ECHO, Status.OK).count()).isEqualTo(1);
    }
  }

  @Test
  void aRejectedCall_countsInItsPoolAndAsAnOverloadedError() throws Exception {
    Map<String, Object> oneThreadOneSlot = Map.of("axle.executor.default.group", 1,
        "axle.executor.default.thread-per-group", 1, "axle.executor.default.max-queue-size", 1);
    ExecutorService callers = Executors.newSingleThreadExecutor();
    try (Calls calls = new Calls(runtimes, metrics(new ListSink(), Map.of()), oneThreadOneSlot)) {
      EchoService echo = calls.echo;
      Future<String> running = callers.submit(() -> echo.block("first"));
      calls.impl.awaitBlocked();
      CompletableFuture<String> queued = echo.echoAsync("second");
      CompletableFuture<String> rejected = echo.echoAsync("third");
      assertThatThrownBy(() -> rejected.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
          .cause().isInstanceOfSatisfying(AxleException.class,
              e -> assertThat(e.status()).isEqualTo(Status.OVERLOADED));
      calls.awaitEnds(Role.CONSUMER, Status.OVERLOADED, 1);
      Window window = calls.metrics.tick();

      List<PoolStats> groups = window.pools().stream().filter(pool -> pool.kind().equals("GROUP")).toList();
      assertThat(groups).hasSize(1);
      assertThat(groups.get(0).rejected()).isEqualTo(1);
      assertThat(groups.get(0).threads()).isEqualTo(1);
      assertThat(groups.get(0).active()).isEqualTo(1);
      assertThat(groups.get(0).queued()).isEqualTo(1);
      OperationStats overloaded = window.operation(Role.CONSUMER, "highway", "EchoService.echoAsync",
          Status.OVERLOADED);
      assertThat(overloaded.count()).isEqualTo(1);
      assertThat(overloaded.errors()).isEqualTo(1);
      assertThat(window.total(Role.CONSUMER, "highway", "EchoService.echoAsync").errors()).isEqualTo(1);

      calls.impl.release();
      assertThat(running.get(10, TimeUnit.SECONDS)).isEqualTo("first");
      assertThat(queued.get(10, TimeUnit.SECONDS)).isEqualTo("second");
      calls.awaitEnds(Role.CONSUMER, Status.OK, 2);
      Window after = calls.metrics.tick();
      assertThat(after.pool(groups.get(0).name()).rejected()).as("rejections of the window only").isZero();
    } finally {
      callers.shutdownNow();
    }
  }

  @Test
  void stageSums_arePresentAndNonNegative_onBothSides() throws Exception {
    try (Calls calls = new Calls(runtimes, metrics(new ListSink(), Map.of()), Map.of())) {
      calls.metrics.tick();
      for (int i = 0; i < 20; i++) {
        calls.echo.echo("s");
      }
      calls.awaitEnds(Role.CONSUMER, Status.OK, 20);
      calls.awaitEnds(Role.PROVIDER, Status.OK, 20);
      Window window = calls.metrics.tick();

      OperationStats consumer = window.total(Role.CONSUMER, "highway", ECHO);
      assertThat(consumer.stages()).extracting(StageStats::name)
          .containsExactly("prepare", "encode", "connection", "send", "wait", "decode");
      OperationStats provider = window.total(Role.PROVIDER, "highway", ECHO);
      assertThat(provider.stages()).extracting(StageStats::name)
          .containsExactly("decode", "queue", "execute", "encode", "send");
      for (OperationStats stats : List.of(consumer, provider)) {
        for (StageStats stage : stats.stages()) {
          assertThat(stage.count()).as(stage.name()).isEqualTo(20);
          // Each time is clamped at 0 when recorded, so the average is never negative; avg <= max is what can break.
          assertThat(stage.maxMicros()).as(stage.name()).isGreaterThanOrEqualTo(stage.avgMicros());
        }
      }
      // The stages of a consumer call lie within its latency.
      double stagesMs = consumer.stages().stream().mapToDouble(StageStats::avgMicros).sum() / 1000;
      assertThat(stagesMs).isLessThanOrEqualTo(consumer.avgMs() * 1.01 + 0.01);
    }
  }

  @Test
  void logPublisher_printsAShortLinePerOperationAndRole_andNothingForAnIdleWindow() throws Exception {
    ListSink sink = new ListSink();
    try (Calls calls = new Calls(runtimes, metrics(sink, Map.of("axle.metrics.endpoints.client.detail.enabled", true)),
        Map.of())) {
      calls.metrics.tick();
      sink.windows.clear();
      for (int i = 0; i < 5; i++) {
        calls.echo.echo("l");
      }
      calls.awaitEnds(Role.CONSUMER, Status.OK, 5);
      calls.awaitEnds(Role.PROVIDER, Status.OK, 5);
      calls.metrics.tick();

      assertThat(sink.windows).hasSize(6);
      assertThat(sink.windows.get(0)).matches(
          "(consumer|provider) highway EchoService\\.echo tps=\\d+ avg=\\d+\\.\\d\\dms p99=\\d+\\.\\d\\dms "
              + "max=\\d+\\.\\d\\dms err=0( queue=\\d+\\.\\d\\dms execute=\\d+\\.\\d\\dms)?");
      assertThat(sink.windows).filteredOn(line -> line.startsWith("provider "))
          .allMatch(line -> line.matches(".* err=0 queue=\\d+\\.\\d\\dms execute=\\d+\\.\\d\\dms"));
      assertThat(sink.windows).filteredOn(line -> line.startsWith("consumer highway EchoService.echo ")).hasSize(1);
      assertThat(sink.windows).filteredOn(line -> line.startsWith("provider highway EchoService.echo ")).hasSize(1);
      assertThat(sink.windows).filteredOn(line -> line.startsWith("stages(avg/max us) prepare=")).hasSize(1);
      assertThat(sink.windows).filteredOn(line -> line.matches("stages\\(avg/max us\\) decode=\\d+/\\d+ queue=.*"))
          .hasSize(1);
      // Consumer and provider share this process, so the consumer's wait is shown beside the provider's time.
      assertThat(sink.windows.get(4)).matches("gap highway EchoService\\.echo consumer wait=\\d+\\.\\d\\dms "
          + "provider queue\\+execute=\\d+\\.\\d\\dms rest=-?\\d+\\.\\d\\dms");
      assertThat(sink.windows.get(5)).matches("cpu process=\\d+% os=(\\d+%|n/a) cores=[\\d.]+ pools: .*\\[t=\\d+ "
          + "a=\\d+ q=\\d+ rej=0].*");

      sink.windows.clear();
      calls.metrics.tick();
      assertThat(sink.windows).as("an idle window").isEmpty();
    }
  }

  @Test
  void logPublisher_isOffUnlessItsKeyTurnsItOn() throws Exception {
    ListSink sink = new ListSink();
    try (Calls calls = new Calls(runtimes,
        AxleMetrics.create(Runtimes.config(Map.of("axle.metrics.window_time", "60s")), sink),
        Map.of())) {
      calls.echo.echo("quiet");
      calls.awaitEnds(Role.PROVIDER, Status.OK, 1);
      assertThat(calls.metrics.tick().count()).isPositive();
      assertThat(sink.windows).isEmpty();
    }
  }

  @Test
  void aSlowCall_isLoggedOnceWithItsStages() throws Exception {
    ListSink sink = new ListSink();
    try (Calls calls = new Calls(runtimes, metrics(sink, Map.of("axle.metrics.Consumer.invocation.slow.enabled", true,
        "axle.metrics.Consumer.invocation.slow.msTime", "200ms")), Map.of())) {
      // A threshold well above what the first call (which connects) takes on a loaded machine.
      for (int i = 0; i < 5; i++) {
        calls.echo.echo("fast");
      }
      calls.echo.sleepEcho("slow", 250);
      calls.awaitEnds(Role.CONSUMER, Status.OK, 6);
      calls.awaitEnds(Role.PROVIDER, Status.OK, 6);
      calls.metrics.tick();
      calls.metrics.tick();

      assertThat(sink.slow).hasSize(1);
      assertThat(sink.slow.get(0))
          .startsWith("slow consumer highway EchoService.sleepEcho ")
          .contains(" status=OK stages(us) prepare=")
          .containsPattern(" wait=\\d{6} decode=\\d+ trace\\(us\\) CONSUMER_SEND=\\d+ .* CONSUMER_END=\\d{6}");
    }
  }

  @Test
  void theSlowThreshold_isPerRole() throws Exception {
    ListSink sink = new ListSink();
    try (Calls calls = new Calls(runtimes, metrics(sink, Map.of("axle.metrics.Provider.invocation.slow.enabled", true,
        "axle.metrics.Provider.invocation.slow.msTime", "30ms")), Map.of())) {
      calls.echo.sleepEcho("slow", 40);
      calls.awaitEnds(Role.CONSUMER, Status.OK, 1);
      calls.awaitEnds(Role.PROVIDER, Status.OK, 1);
      calls.metrics.tick();
      assertThat(sink.slow).singleElement().asString()
          .startsWith("slow provider highway EchoService.sleepEcho ")
          .contains(" queue=").contains(" execute=").contains("PROVIDER_SENT=");
    }
  }
}
