package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Filter;
import io.axle.Response;
import io.axle.Status;
import io.axle.registry.Endpoint;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoService.Color;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.LogCapture;
import io.axle.testing.Pojo;
import io.axle.testing.Runtimes;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The same consumer scenarios over highway and over REST. A caller must not be able to tell the
 * wires apart by what its calls return or by how they fail: the same values, the same statuses
 * and the same messages, the endpoint in a message being the only difference.
 *
 * <p>Every runtime here has both transports on its class path, so a provider serves both: the
 * transport under test listens on an ephemeral loopback port, the other on a free port of its own.
 */
class CrossTransportTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final List<String> TRANSPORTS = List.of("highway", "rest");
  private static final Map<String, Object> ONE_THREAD_ONE_SLOT = Map.of(
      "axle.executor.default.group", 1,
      "axle.executor.default.thread-per-group", 1,
      "axle.executor.default.max-queue-size", 1);

  /** The schema as a newer consumer sees it: one operation the provider does not serve. */
  public interface EchoPlus extends EchoService {
    String nope();
  }

  /**
   * What a call came to: its value, or its status and message with what legitimately differs
   * between wires (scheme and port of the endpoint, milliseconds waited) replaced by placeholders.
   */
  record Outcome(Status status, String message, Object value) {
    static Outcome ofValue(Object value) {
      return new Outcome(Status.OK, null, value instanceof byte[] bytes ? toList(bytes) : value);
    }

    static Outcome error(Throwable t) {
      Throwable cause = t instanceof ExecutionException && t.getCause() != null ? t.getCause() : t;
      if (!(cause instanceof AxleException e)) {
        throw new AssertionError("expected an AxleException", t);
      }
      return new Outcome(e.status(), normalise(e.getMessage()), null);
    }

    static Outcome of(ThrowingCall call) {
      try {
        return ofValue(call.call());
      } catch (Exception e) {
        return error(e);
      }
    }

    private static List<Byte> toList(byte[] bytes) {
      List<Byte> list = new ArrayList<>();
      for (byte b : bytes) {
        list.add(b);
      }
      return list;
    }
  }

  interface ThrowingCall {
    Object call() throws Exception;
  }

  static String normalise(String message) {
    return message
        .replaceAll("(highway|rest)://127\\.0\\.0\\.1:\\d+", "<endpoint>")
        .replaceAll("127\\.0\\.0\\.1:\\d+", "127.0.0.1:<port>")
        .replaceAll("after \\d+(\\.\\d+)? ms", "after <t> ms");
  }

  // ---------------------------------------------------------------- runtimes

  /** One thread per transport and role, then {@code extra}; for consumers, which listen nowhere. */
  static Map<String, Object> config(Map<String, ?> extra) {
    Map<String, Object> entries = new LinkedHashMap<>();
    for (String transport : TRANSPORTS) {
      entries.put("axle." + transport + ".server.thread-count", 1);
      entries.put("axle." + transport + ".client.thread-count", 1);
    }
    entries.putAll(extra);
    return entries;
  }

  /** A provider's configuration: every transport on its own ephemeral loopback port. */
  static Map<String, Object> providerConfig(String transport, Map<String, ?> extra) {
    Map<String, Object> entries = config(Map.of());
    for (String each : TRANSPORTS) {
      entries.put("axle." + each + ".address", "127.0.0.1:0");
    }
    entries.putAll(extra);
    return entries;
  }


  /** A provider and a consumer that calls it over one transport. */
  static final class Pair implements AutoCloseable {
    final EchoServiceImpl impl;
    final Axle provider;
    final Axle consumer;
    final EchoService echo;

    Pair(String transport, EchoServiceImpl impl, Map<String, ?> providerExtra, Map<String, ?> consumerExtra) {
      this.impl = impl;
      this.provider = runtimes.provider(transport, impl, providerConfig(transport, providerExtra));
      Axle started = null;
      try {
        started = runtimes.consumer(provider, transport, config(consumerExtra));
      } finally {
        if (started == null) {
          provider.stop();
        }
      }
      this.consumer = started;
      this.echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    }

    Pair(String transport) {
      this(transport, new EchoServiceImpl(), Map.of(), Map.of());
    }

    Endpoint endpoint(String transport) {
      return provider.endpoint(transport).orElseThrow();
    }

    @Override
    public void close() {
      impl.release();
      try {
        consumer.stop();
      } finally {
        provider.stop();
      }
    }
  }

  // ---------------------------------------------------------------- successful calls

  /** One of every shape of call, each result as the caller got it. */
  static List<Outcome> calls(String transport) throws Exception {
    try (Pair pair = new Pair(transport)) {
      EchoService echo = pair.echo;
      Pojo pojo = new Pojo("root", 7);
      pojo.tags = List.of("a", "b");
      pojo.counts = Map.of("x", 1, "y", 2);
      pojo.child = new Pojo("child", 8);
      pojo.child.tags = List.of();
      Pojo sparse = new Pojo(null, 0);
      List<Outcome> outcomes = new ArrayList<>();
      outcomes.add(Outcome.of(() -> echo.echo("hello")));
      outcomes.add(Outcome.of(() -> echo.echo("")));
      outcomes.add(Outcome.of(() -> echo.echo(null)));
      outcomes.add(Outcome.of(() -> echo.echo("ünïcødé ✓ \"quoted\" / slash")));
      outcomes.add(Outcome.of(() -> echo.echoAsync("async").get(10, TimeUnit.SECONDS)));
      outcomes.add(Outcome.of(() -> echo.delayedEcho("later", 20).get(10, TimeUnit.SECONDS)));
      outcomes.add(Outcome.of(() -> echo.add(40, 2)));
      outcomes.add(Outcome.of(() -> echo.add(-5, Integer.MIN_VALUE + 5)));
      outcomes.add(Outcome.of(() -> echo.next(Color.BLUE)));
      outcomes.add(Outcome.of(() -> echo.reverse(new byte[] {1, 2, 3, -128})));
      outcomes.add(Outcome.of(() -> echo.reverse(new byte[0])));
      outcomes.add(Outcome.of(() -> echo.roundTrip(pojo)));
      outcomes.add(Outcome.of(() -> echo.roundTrip(sparse)));
      outcomes.add(Outcome.of(() -> {
        echo.fireAndForget("x");
        return "fired " + pair.impl.fired.get();
      }));
      return outcomes;
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void everyShapeOfCall_returnsWhatTheProviderReturned(String transport) throws Exception {
    Pojo pojo = new Pojo("root", 7);
    pojo.tags = List.of("a", "b");
    pojo.counts = Map.of("x", 1, "y", 2);
    pojo.child = new Pojo("child", 8);
    pojo.child.tags = List.of();

    assertThat(calls(transport)).extracting(Outcome::value).containsExactly(
        "hello", "", null, "ünïcødé ✓ \"quoted\" / slash", "async", "later", 42, Integer.MIN_VALUE, Color.RED,
        List.of((byte) -128, (byte) 3, (byte) 2, (byte) 1), List.of(), pojo, new Pojo(null, 0), "fired 1");
  }

  // ---------------------------------------------------------------- failures

  static Outcome providerException(String transport) {
    try (Pair pair = new Pair(transport)) {
      return Outcome.of(() -> pair.echo.fail("bad input"));
    }
  }

  static Outcome unknownOperation(String transport) {
    try (Pair pair = new Pair(transport)) {
      EchoPlus plus = pair.consumer.reference(EchoPlus.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThat(plus.echo("known operations still work")).isEqualTo("known operations still work");
      return Outcome.of(plus::nope);
    }
  }

  static Outcome providerFilterAnswers(String transport) {
    EchoServiceImpl impl = new EchoServiceImpl();
    Filter deny = (invocation, next) -> invocation.operation().name().equals("fireAndForget")
        ? CompletableFuture.completedFuture(Response.failure(Status.OVERLOADED, "shed by test filter"))
        : next.proceed(invocation);
    Map<String, Object> entries = providerConfig(transport, Map.of());
    entries.put("axle.service.name", Runtimes.SERVICE);
    try (Axle provider = runtimes.start(Axle.builder().config(Runtimes.config(entries)).providerFilter(deny)
        .provider(Runtimes.SCHEMA, EchoService.class, impl));
        Axle consumer = runtimes.consumer(provider, transport, config(Map.of()))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      Outcome outcome = Outcome.of(() -> {
        echo.fireAndForget("x");
        return null;
      });
      assertThat(impl.fired.get()).as("the filter answered; the method did not run").isZero();
      return outcome;
    }
  }

  /**
   * A full queue. Over highway both calls share one connection, so the provider reads them in
   * order; over REST they may travel on two connections, so which of the two is rejected is left
   * open: exactly one is, at once, and the other still waits in the queue and is not lost.
   */
  static Outcome overload(String transport) throws Exception {
    ExecutorService callers = Executors.newSingleThreadExecutor();
    try (Pair pair = new Pair(transport, new EchoServiceImpl(), ONE_THREAD_ONE_SLOT, Map.of())) {
      Future<String> running = callers.submit(() -> pair.echo.block("first"));
      pair.impl.awaitBlocked();
      CompletableFuture<String> second = pair.echo.echoAsync("second");
      CompletableFuture<String> third = pair.echo.echoAsync("third");
      CompletableFuture.anyOf(second, third).handle((v, e) -> null).get(10, TimeUnit.SECONDS);
      CompletableFuture<String> rejected = second.isDone() ? second : third;
      CompletableFuture<String> queued = rejected == second ? third : second;
      Outcome outcome = Outcome.of(() -> rejected.get(10, TimeUnit.SECONDS));
      assertThat(queued).as("the queued call waits; it was not dropped").isNotDone();
      pair.impl.release();
      assertThat(running.get(10, TimeUnit.SECONDS)).isEqualTo("first");
      assertThat(queued.get(10, TimeUnit.SECONDS)).isIn("second", "third");
      return outcome;
    } finally {
      callers.shutdownNow();
    }
  }

  /** The operation under test gets a short timeout; the warm-up call connects within the default one. */
  private static Map<String, Object> timeoutOf(String operation) {
    return Map.of("axle.request.timeout." + Runtimes.SERVICE + "." + Runtimes.SCHEMA + "." + operation, 50);
  }

  static Outcome requestTimeout(String transport) {
    try (Pair pair = new Pair(transport, new EchoServiceImpl(), Map.of(), timeoutOf("sleepEcho"))) {
      pair.echo.echo("connect first");
      return Outcome.of(() -> pair.echo.sleepEcho("slow", 1000));
    }
  }

  static Outcome asyncTimeout(String transport) {
    try (Pair pair = new Pair(transport, new EchoServiceImpl(), Map.of(), timeoutOf("delayedEcho"))) {
      pair.echo.echoAsync("connect first").join();
      return Outcome.of(() -> pair.echo.delayedEcho("late", 1000).get(10, TimeUnit.SECONDS));
    }
  }

  static Outcome connectionLost(String transport) {
    EchoServiceImpl impl = new EchoServiceImpl();
    Axle provider = runtimes.provider(transport, impl, providerConfig(transport, Map.of()));
    try (Axle consumer = runtimes.consumer(provider, transport, config(Map.of()))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      echo.echo("connect first");
      CompletableFuture<String> pending = CompletableFuture.supplyAsync(() -> echo.block("never answered"));
      impl.awaitBlocked();
      int port = provider.endpoint(transport).orElseThrow().port();
      provider.stop(Duration.ZERO);
      Outcome outcome = Outcome.of(() -> pending.get(10, TimeUnit.SECONDS));
      // The next call after a restart on the same port reconnects.
      try (Axle restarted = runtimes.provider(transport, new EchoServiceImpl(),
          providerConfig(transport, Map.of("axle." + transport + ".address", "127.0.0.1:" + port)))) {
        assertThat(restarted.endpoint(transport).orElseThrow().port()).isEqualTo(port);
        assertThat(echo.echo("after reconnect")).isEqualTo("after reconnect");
      }
      return outcome;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    } finally {
      impl.release();
      provider.stop();
    }
  }

  static Outcome providerDown(String transport) {
    Axle provider = runtimes.provider(transport, new EchoServiceImpl(), providerConfig(transport, Map.of()));
    Endpoint endpoint = provider.endpoint(transport).orElseThrow();
    provider.stop();
    try (Axle consumer = runtimes.consumer(endpoint, transport, config(Map.of()))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      return Outcome.of(() -> echo.echo("nobody home"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void theSameReference_isOneSharedProxy_andAnotherSchemaIdIsAnother(String transport) throws Exception {
    try (Axle provider = runtimes.provider(transport, new EchoServiceImpl(), Map.of());
        Axle consumer = runtimes.consumer(provider, transport, Map.of())) {
      EchoService first = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      EchoService again = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      // Each proxy's operations watch the registry for good: one proxy per key, not one per call.
      assertThat(again).isSameAs(first);
      assertThat(consumer.reference(EchoService.class, Runtimes.SERVICE, "OtherSchema")).isNotSameAs(first);
      ExecutorService callers = Executors.newFixedThreadPool(4);
      try {
        List<Future<EchoService>> concurrent = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          concurrent.add(callers.submit(() -> consumer.reference(EchoService.class, Runtimes.SERVICE, "Raced")));
        }
        EchoService raced = concurrent.get(0).get(20, TimeUnit.SECONDS);
        for (Future<EchoService> other : concurrent) {
          assertThat(other.get(20, TimeUnit.SECONDS)).isSameAs(raced);
        }
      } finally {
        callers.shutdownNow();
      }
      assertThat(again.echo("shared")).isEqualTo("shared");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void providerException_reachesTheCallerWithStatusAndMessage(String transport) {
    assertThat(providerException(transport)).isEqualTo(new Outcome(Status.PROVIDER_ERROR,
        "EchoService.fail failed: IllegalArgumentException: bad input", null));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void unknownOperation_isNotFound_namingWhatIsServed(String transport) {
    Outcome outcome = unknownOperation(transport);
    assertThat(outcome.status()).isEqualTo(Status.NOT_FOUND);
    assertThat(outcome.message()).startsWith("no operation EchoService.nope on this provider (it serves: ")
        .contains("EchoService.echo", "EchoService.fireAndForget");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aProviderFilter_mayAnswerWithItsOwnError(String transport) {
    assertThat(providerFilterAnswers(transport)).isEqualTo(new Outcome(Status.OVERLOADED, "shed by test filter", null));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void fullQueue_answersWithTheExecutorsOverloadError(String transport) throws Exception {
    assertThat(overload(transport)).isEqualTo(new Outcome(Status.OVERLOADED,
        "executor 'default' group 0 is full: 1 threads busy, 1 requests queued "
            + "(raise axle.executor.default.max-queue-size or axle.executor.default.thread-per-group)", null));
  }

  /**
   * The provider logs its refusals of a full queue: refusing every 50 ms for a little over a second writes
   * the line at least once (the log's gate, once a second per operation and reason, is shared with the other
   * cases here, so the first refusal may fall in a second already logged) and no more than once per second.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void fullQueue_refusalsAreLogged_atMostOncePerSecond(String transport) throws Exception {
    ExecutorService callers = Executors.newSingleThreadExecutor();
    LogCapture log = new LogCapture();
    try (Pair pair = new Pair(transport, new EchoServiceImpl(), ONE_THREAD_ONE_SLOT, Map.of())) {
      Future<String> running = callers.submit(() -> pair.echo.block("first"));
      pair.impl.awaitBlocked();
      CompletableFuture<String> queued = pair.echo.echoAsync("queued");
      long start = System.nanoTime();
      log.install();
      int refused = 0;
      while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(1300)) {
        refused += Outcome.of(() -> pair.echo.echoAsync("refused").get(10, TimeUnit.SECONDS)).status()
            == Status.OVERLOADED ? 1 : 0;
        Thread.sleep(50);
      }
      log.uninstall();
      pair.impl.release();
      assertThat(running.get(10, TimeUnit.SECONDS)).isEqualTo("first");
      assertThat(queued.get(10, TimeUnit.SECONDS)).isEqualTo("queued");
      long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start) + 1;
      long lines = log.text().lines().filter(line -> line.contains("WARN io.axle.provider - refused: "
          + "EchoService.echoAsync was not run: executor 'default' group 0 is full: 1 threads busy, 1 requests "
          + "queued (raise axle.executor.default.max-queue-size or axle.executor.default.thread-per-group)")).count();
      assertThat(refused).isGreaterThan(10);
      assertThat(lines).as("refusal lines in:%n%s", log.text()).isBetween(1L, seconds + 1);
    } finally {
      log.uninstall();
      callers.shutdownNow();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void requestTimeout_failsSyncAndAsyncCallsWithDeadlineExceeded_namingTheKeyThatSetIt(String transport) {
    assertThat(requestTimeout(transport)).isEqualTo(new Outcome(Status.DEADLINE_EXCEEDED,
        "EchoService.sleepEcho timed out after <t> ms waiting for <endpoint> "
            + "(expected: an answer within axle.request.timeout.echo-service.EchoService.sleepEcho)", null));
    assertThat(asyncTimeout(transport)).isEqualTo(new Outcome(Status.DEADLINE_EXCEEDED,
        "EchoService.delayedEcho timed out after <t> ms waiting for <endpoint> "
            + "(expected: an answer within axle.request.timeout.echo-service.EchoService.delayedEcho)", null));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void lostConnection_failsThePendingCall(String transport) {
    assertThat(connectionLost(transport)).isEqualTo(new Outcome(Status.CONNECTION_FAILED,
        "EchoService.block failed on <endpoint>: the connection closed before the response arrived", null));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aProviderThatIsDown_failsWithCannotConnect(String transport) {
    Outcome outcome = providerDown(transport);
    assertThat(outcome.status()).isEqualTo(Status.CONNECTION_FAILED);
    assertThat(outcome.message()).startsWith("EchoService.echo failed on <endpoint>: cannot connect: ");
  }

  /** Each scenario run over both wires: the (status, message) pairs and the values must be equal. */
  @Test
  void bothTransports_giveIdenticalResultsAndFailures() throws Exception {
    Map<String, Function<String, Object>> scenarios = new LinkedHashMap<>();
    scenarios.put("calls", t -> unchecked(() -> calls(t)));
    scenarios.put("provider exception", CrossTransportTest::providerException);
    scenarios.put("unknown operation", CrossTransportTest::unknownOperation);
    scenarios.put("provider filter answers", CrossTransportTest::providerFilterAnswers);
    scenarios.put("overload", t -> unchecked(() -> overload(t)));
    scenarios.put("request timeout", CrossTransportTest::requestTimeout);
    scenarios.put("async timeout", CrossTransportTest::asyncTimeout);
    scenarios.put("connection lost", CrossTransportTest::connectionLost);
    scenarios.put("provider down", CrossTransportTest::providerDown);
    scenarios.put("filters and context", t -> unchecked(() -> filtersAndContext(t).stream()
        .map(event -> event.replace("transport=" + t, "transport=<t>").replace("over " + t, "over <t>")).toList()));

    for (Map.Entry<String, Function<String, Object>> scenario : scenarios.entrySet()) {
      Object overHighway = scenario.getValue().apply("highway");
      Object overRest = scenario.getValue().apply("rest");
      assertThat(overRest).as(scenario.getKey() + ": rest against highway").isEqualTo(overHighway);
    }
  }

  private static Object unchecked(ThrowingCall call) {
    try {
      return call.call();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  // ---------------------------------------------------------------- filters and context

  static List<String> filtersAndContext(String transport) {
    List<String> events = new CopyOnWriteArrayList<>();
    Filter addContext = (invocation, next) -> {
      events.add("consumer sends " + invocation.operation().qualifiedName() + " over " + invocation.transport());
      invocation.context().put("trace-id", "t-42");
      invocation.context().put("tenant", "ü \"quoted\"");
      return next.proceed(invocation).thenApply(response -> {
        events.add("consumer got " + response.status());
        return response;
      });
    };
    Filter readContext = (invocation, next) -> {
      events.add("provider saw trace-id=" + invocation.context().get("trace-id") + " tenant="
          + invocation.context().get("tenant") + " role=" + invocation.role() + " transport=" + invocation.transport());
      return next.proceed(invocation);
    };
    Map<String, Object> providerEntries = providerConfig(transport, Map.of());
    providerEntries.put("axle.service.name", Runtimes.SERVICE);
    try (Axle provider = runtimes.start(Axle.builder().config(Runtimes.config(providerEntries))
        .providerFilter(readContext)
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()))) {
      Map<String, Object> consumerEntries = config(Map.of());
      consumerEntries.put("axle.registry.local." + Runtimes.SERVICE,
          transport + "://127.0.0.1:" + provider.endpoint(transport).orElseThrow().port());
      consumerEntries.put("axle.references.transport", transport);
      try (Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(consumerEntries))
          .consumerFilter(addContext))) {
        EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
        assertThat(echo.echo("x")).isEqualTo("x");
        assertThat(echo.echoAsync("y").join()).isEqualTo("y");
        return List.copyOf(events);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void consumerFilters_andTheContext_reachTheProviderFilters(String transport) {
    String saw = "provider saw trace-id=t-42 tenant=ü \"quoted\" role=PROVIDER transport=" + transport;
    assertThat(filtersAndContext(transport)).containsExactly(
        "consumer sends EchoService.echo over " + transport, saw, "consumer got OK",
        "consumer sends EchoService.echoAsync over " + transport, saw, "consumer got OK");
  }

  // ---------------------------------------------------------------- choosing the wire

  /**
   * One provider on both transports, one consumer whose registry lists both endpoints: the
   * {@code axle.references.transport} keys pick the wire, per reference and per operation, and
   * nothing else changes.
   */
  @Test
  void referencesTransport_choosesTheWire_perReferenceAndPerOperation() {
    List<String> seen = new CopyOnWriteArrayList<>();
    Filter record = (invocation, next) -> {
      seen.add(invocation.operation().name() + "@" + invocation.transport());
      return next.proceed(invocation);
    };
    Map<String, Object> providerEntries = config(Map.of());
    providerEntries.put("axle.service.name", Runtimes.SERVICE);
    providerEntries.put("axle.highway.address", "127.0.0.1:0");
    providerEntries.put("axle.rest.address", "127.0.0.1:0");
    try (Axle provider = runtimes.start(Axle.builder().config(Runtimes.config(providerEntries)).providerFilter(record)
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()))) {
      // Each wire needs a port of its own; on one shared port requests would reach the other server.
      assertThat(provider.endpoint("rest").orElseThrow().port())
          .as("rest's ephemeral port against highway's")
          .isNotEqualTo(provider.endpoint("highway").orElseThrow().port());
      String registry = "highway://127.0.0.1:" + provider.endpoint("highway").orElseThrow().port()
          + ",rest://127.0.0.1:" + provider.endpoint("rest").orElseThrow().port();

      for (String transport : TRANSPORTS) {
        seen.clear();
        assertThat(callEchoAndAdd(registry, Map.of("axle.references.transport", transport)))
            .containsExactly("x", 42);
        assertThat(seen).containsExactly("echo@" + transport, "add@" + transport);
      }

      seen.clear();
      assertThat(callEchoAndAdd(registry, Map.of("axle.references.transport", "highway",
          "axle.references.transport." + Runtimes.SERVICE + ".EchoService.add", "rest"))).containsExactly("x", 42);
      assertThat(seen).containsExactly("echo@highway", "add@rest");

      seen.clear();
      assertThat(callEchoAndAdd(registry, Map.of("axle.references.transport", "rest",
          "axle.references.transport." + Runtimes.SERVICE + ".EchoService.add", "highway"))).containsExactly("x", 42);
      assertThat(seen).containsExactly("echo@rest", "add@highway");
    }
  }

  private static List<Object> callEchoAndAdd(String registry, Map<String, Object> transportKeys) {
    Map<String, Object> entries = config(Map.of());
    entries.put("axle.registry.local." + Runtimes.SERVICE, registry);
    entries.putAll(transportKeys);
    try (Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(entries)))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      return List.of(echo.echo("x"), echo.add(40, 2));
    }
  }
}
