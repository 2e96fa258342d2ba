package io.axle.highway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.axle.Axle;
import io.axle.config.ConfigException;
import io.axle.executor.AxleExecutors;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A provider with highway that cannot start: each failure must name the key to change, the
 * value it has and what would be valid, and leave nothing running behind.
 */
class HighwayConfigErrorsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  // ---- highway's own keys ---------------------------------------------------------------------

  @Test
  void serverThreadCountZero() {
    ConfigException e = startFails(Map.of("axle.highway.server.thread-count", 0));
    assertThat(e.problems()).containsExactly(
        "axle.highway.server.thread-count: 0 (expected: an integer in [1, 1024]) — from builder");
    assertThat(e.getMessage()).contains("axle.highway.server.thread-count: 0 (expected: an integer in [1, 1024])");
  }

  @Test
  void clientThreadCountNotANumber() {
    ConfigException e = startFails(Map.of("axle.highway.client.thread-count", "abc"));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.highway.client.thread-count: abc ")
        .contains("(expected: an integer in [1, 1024])");
  }

  @Test
  void maxFrameSizeOverTheProtocolLimit() {
    ConfigException e = startFails(Map.of("axle.highway.max-frame-size", 70_000_000));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.highway.max-frame-size: 70000000 ")
        .contains("expected: an integer in [1024, 67108864]");
  }

  @Test
  void maxFrameSizeBelowTheMinimum() {
    ConfigException e = startFails(Map.of("axle.highway.max-frame-size", 1023));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.highway.max-frame-size: 1023 ")
        .contains("expected: an integer in [1024, 67108864]");
  }

  @Test
  void addressWithAPortOutOfRange() {
    ConfigException e = startFails(Map.of("axle.highway.address", "nohost:99999"));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.highway.address: nohost:99999 ")
        .contains("expected: host:port or a port alone, port in [0, 65535]");
  }

  @Test
  void addressWithoutAPort() {
    ConfigException e = startFails(Map.of("axle.highway.address", "localhost"));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.highway.address: localhost ")
        .contains("expected: host:port or a port alone, port in [0, 65535]");
  }

  @Test
  void connectTimeoutOfZero() {
    ConfigException e = startFails(Map.of("axle.highway.client.connect-timeout", "0"));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.highway.client.connect-timeout: 0 ")
        .contains("expected: a duration such as 500ms, 30s or a number of milliseconds, >= 1ms");
  }

  @Test
  void misspeltKey_suggestsTheKnownOne() {
    ConfigException e = startFails(Map.of("axle.highway.server.threadcount", 4));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.highway.server.threadcount: unknown key")
        .contains("did you mean axle.highway.server.thread-count?");
  }

  @Test
  void everyProblemIsReportedAtOnce() {
    Map<String, Object> bad = new LinkedHashMap<>();
    bad.put("axle.highway.server.thread-count", 0);
    bad.put("axle.highway.max-frame-size", "big");
    bad.put("axle.request.timeout", "-5");
    ConfigException e = startFails(bad);
    assertThat(e.problems()).hasSize(3);
    assertThat(e.problems()).anySatisfy(p -> assertThat(p).startsWith("axle.highway.server.thread-count: 0 "));
    assertThat(e.problems()).anySatisfy(p -> assertThat(p).startsWith("axle.highway.max-frame-size: big "));
    assertThat(e.problems()).anySatisfy(p -> assertThat(p).startsWith("axle.request.timeout: -5 "));
  }

  // ---- core keys a highway provider reads ---------------------------------------------------------

  @Test
  void unknownExecutor_namesTheChoices() {
    ConfigException e = startFails(Map.of("axle.executors.default", "turbo"));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.executors.default: turbo ")
        .contains("inline", "group", "virtual")
        .endsWith("— from builder");
  }

  @Test
  void unknownExecutor_namesTheRegisteredOnes() {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      ConfigException e = startFails(Map.of("axle.executors.default", "turbo"),
          builder -> builder.executor("mine", AxleExecutors.wrap("mine", pool)));
      assertThat(e.problems()).singleElement().asString()
          .startsWith("axle.executors.default: turbo ")
          .contains("inline", "group", "virtual", "mine");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void negativeRequestTimeout() {
    ConfigException e = startFails(Map.of("axle.request.timeout", "-5"));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.request.timeout: -5 ")
        .contains("expected: a duration such as 500ms, 30s or a number of milliseconds, >= 1ms");
  }

  // ---- the servicecomb. spelling ------------------------------------------------------------------

  /**
   * A bad value under the servicecomb. spelling is reported under the key's axle. spelling, which
   * names the same setting (docs/configuration.md); the operator can fix either spelling.
   */
  @Test
  void servicecombAlias_isReportedUnderTheAxleSpelling() {
    ConfigException e = startFails(Map.of("servicecomb.highway.server.thread-count", 0));
    assertThat(e.problems()).singleElement().asString()
        .startsWith("axle.highway.server.thread-count: 0 ")
        .contains("expected: an integer in [1, 1024]");
  }

  @Test
  void servicecombAliasFromASystemPropertySource_namesTheSpellingUsedInItsSource() {
    java.util.Properties properties = new java.util.Properties();
    properties.setProperty("servicecomb.highway.server.thread-count", "0");
    ConfigException e = startFails(io.axle.config.AxleConfig.builder()
        .put("axle.service.name", "config-errors")
        .put("axle.highway.address", "127.0.0.1:0")
        .systemProperties(properties)
        .build(), builder -> { });
    assertThat(e.problems()).singleElement().asString()
        .contains("highway.server.thread-count: 0 ")
        .contains("expected: an integer in [1, 1024]")
        .contains("system property servicecomb.highway.server.thread-count");
  }

  // ---- a port that is taken -----------------------------------------------------------------------

  @Test
  void portTaken_failsNamingTheAddressAndTheKey_andLeavesNothingRunning() throws Exception {
    Set<String> before = runtimeThreads();
    int port;
    try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
      port = taken.getLocalPort();
      Map<String, Object> entries = base();
      entries.put("axle.highway.address", "127.0.0.1:" + port);
      entries.put("axle.highway.server.thread-count", 2);
      Axle started = null;
      try {
        started = runtimes.start(Axle.builder().config(Runtimes.config(entries))
            .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()));
      } catch (RuntimeException e) {
        assertThat(e).isNotInstanceOf(ConfigException.class);
        assertThat(e.getMessage())
            .contains("127.0.0.1:" + port)
            .contains("axle.highway.address");
      } finally {
        if (started != null) {
          started.stop();
          fail("started on port " + port + " although another socket holds it");
        }
      }
      assertNoNewThreads(before, "after the failed start");
    }

    // The failed runtime holds nothing: the same port, now free, serves a new provider.
    Map<String, Object> entries = base();
    entries.put("axle.highway.address", "127.0.0.1:" + port);
    Axle provider = runtimes.start(Axle.builder().config(Runtimes.config(entries))
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()));
    try {
      assertThat(provider.endpoint("highway")).get().extracting(ep -> ep.port()).isEqualTo(port);
      Axle consumer = runtimes.consumer(provider, "highway", Map.of());
      try {
        EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
        assertThat(echo.echo("second start")).isEqualTo("second start");
      } finally {
        consumer.stop();
      }
    } finally {
      provider.stop();
    }
    assertNoNewThreads(before, "after the second runtime stopped");
  }

  @Test
  void aConfigErrorFoundAfterTheRuntimeStarted_leavesNothingRunning() throws Exception {
    // An unknown executor passes validation (it could be registered) and fails while the
    // providers are set up, after Vert.x has started.
    Set<String> before = runtimeThreads();
    startFails(Map.of("axle.executors.default", "turbo"));
    assertNoNewThreads(before, "after a start that failed on axle.executors.default");
  }

  // ---- helpers ----------------------------------------------------------------------------------

  private static Map<String, Object> base() {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", "config-errors");
    entries.put("axle.highway.address", "127.0.0.1:0");
    return entries;
  }

  private static ConfigException startFails(Map<String, ?> bad) {
    return startFails(bad, builder -> { });
  }

  private static ConfigException startFails(Map<String, ?> bad, Consumer<Axle.Builder> customize) {
    Map<String, Object> entries = base();
    entries.putAll(bad);
    return startFails(Runtimes.config(entries), customize);
  }

  private static ConfigException startFails(io.axle.config.AxleConfig config, Consumer<Axle.Builder> customize) {
    Axle.Builder builder = Axle.builder().config(config)
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl());
    customize.accept(builder);
    Axle started = null;
    try {
      started = builder.start();
    } catch (ConfigException e) {
      return e;
    } finally {
      if (started != null) {
        started.stop();
      }
    }
    throw new AssertionError("started with " + config + " (expected: a ConfigException)");
  }

  /** Threads a runtime starts: Vert.x's, the executors' and any other non-daemon thread. */
  private static Set<String> runtimeThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(Thread::isAlive)
        .filter(t -> t.getName().startsWith("vert.x") || t.getName().startsWith("vertx")
            || t.getName().startsWith("axle") || !t.isDaemon())
        .map(t -> t.getName() + "#" + t.threadId())
        .collect(Collectors.toCollection(TreeSet::new));
  }

  /** Waits a few seconds for threads to end: only a thread that never ends fails. */
  private static void assertNoNewThreads(Set<String> before, String when) throws InterruptedException {
    Set<String> extra = Set.of();
    for (int i = 0; i < 100; i++) {
      extra = new TreeSet<>(runtimeThreads());
      extra.removeAll(before);
      if (extra.isEmpty()) {
        return;
      }
      Thread.sleep(100);
    }
    fail("threads still running " + when + ": " + extra);
  }
}
