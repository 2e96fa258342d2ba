package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.config.AxleConfig;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import io.axle.transport.TransportFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same calls across every configuration a user can pick, in the spirit of Caffeine's test
 * matrix: transport x provider executor ({@code inline}, {@code group}, {@code virtual}) x consumer
 * call style (sync, async) x, for REST, HTTP/1.1 and h2c. Each case makes successful calls (some
 * concurrent), a call the provider fails and a call that times out, on real runtimes on loopback,
 * and then checks the books: every consumer and provider invocation ended exactly once, with the
 * statuses the calls saw, and the consumer's transport has no call left in flight (so nothing is
 * left in a pending table, armed on a timer or queued to a loop).
 */
class CallMatrixTest {
  private static final int CONCURRENT = 20;
  private static final String OK_SYNC = "sync";

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String executor : List.of("inline", "group", "virtual")) {
      for (String style : List.of(OK_SYNC, "async")) {
        cases.add(Arguments.of("highway", executor, style, "-"));
        for (String protocol : List.of("http1", "h2c")) {
          cases.add(Arguments.of("rest", executor, style, protocol));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2} {3}")
  @MethodSource("cases")
  void everyCallEndsExactlyOnce_andNothingIsLeftInFlight(String transport, String executor, String style,
      String protocol) throws Exception {
    Books consumerBooks = new Books(Stage.CONSUMER_START);
    Books providerBooks = new Books(Stage.PROVIDER_RECEIVED);
    List<Transport> consumerTransports = new CopyOnWriteArrayList<>();

    Map<String, Object> providerEntries = new LinkedHashMap<>(CrossTransportTest.providerConfig(transport, Map.of()));
    providerEntries.put("axle.service.name", Runtimes.SERVICE);
    providerEntries.put("axle.executors.default", executor);
    Axle provider = Axle.builder().config(Runtimes.config(providerEntries)).listener(providerBooks)
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()).start();
    List<Status> seen = new ArrayList<>();
    try {
      Map<String, Object> entries = new LinkedHashMap<>(CrossTransportTest.config(Map.of()));
      entries.put("axle.service.name", "matrix-consumer");
      entries.put("axle.references.transport", transport);
      entries.put("axle.registry.local." + Runtimes.SERVICE,
          transport + "://127.0.0.1:" + provider.endpoint(transport).orElseThrow().port());
      if (!protocol.equals("-")) {
        entries.put("axle.rest.client.protocol", protocol);
      }
      for (String slow : List.of("sleepEcho", "delayedEcho")) {
        entries.put("axle.request.timeout." + Runtimes.SERVICE + "." + Runtimes.SCHEMA + "." + slow, "50ms");
      }
      Axle.Builder builder = Axle.builder().config(Runtimes.config(entries)).listener(consumerBooks);
      for (TransportFactory factory : ServiceLoader.load(TransportFactory.class)) {
        builder.transport(capturing(factory, consumerTransports));
      }
      try (Axle consumer = builder.start()) {
        EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
        seen.addAll(style.equals(OK_SYNC) ? syncCalls(echo) : asyncCalls(echo));
        Transport used = consumerTransports.stream().filter(t -> t.name().equals(transport)).findFirst().orElseThrow();
        assertThat(used.callsInFlight()).as("consumer calls still in flight on %s", transport).isZero();
      }
    } finally {
      // Waits for what the provider still runs (the timed-out call's method), so its books are closed.
      provider.stop(Duration.ofSeconds(5));
    }

    assertThat(seen).containsOnly(Status.OK, Status.PROVIDER_ERROR, Status.DEADLINE_EXCEEDED);
    assertThat(seen).filteredOn(s -> s == Status.OK).hasSize(CONCURRENT + 1);
    consumerBooks.assertEachEndedOnce(CONCURRENT + 3);
    assertThat(consumerBooks.statuses()).containsExactlyInAnyOrderElementsOf(seen);
    providerBooks.assertEachEndedOnce(CONCURRENT + 3);
  }

  /** A first call, {@link #CONCURRENT} from four threads, a failing one and one that times out. */
  private static List<Status> syncCalls(EchoService echo) throws Exception {
    List<Status> statuses = new ArrayList<>();
    statuses.add(outcome(() -> echo.echo("first")));
    ExecutorService callers = Executors.newFixedThreadPool(4);
    try {
      List<Future<Status>> calls = new ArrayList<>();
      for (int i = 0; i < CONCURRENT; i++) {
        String message = "m" + i;
        calls.add(callers.submit(() -> {
          assertThat(echo.echo(message)).isEqualTo(message);
          return Status.OK;
        }));
      }
      for (Future<Status> call : calls) {
        statuses.add(call.get(10, TimeUnit.SECONDS));
      }
    } finally {
      callers.shutdownNow();
    }
    statuses.add(outcome(() -> echo.fail("boom")));
    statuses.add(outcome(() -> echo.sleepEcho("slow", 300)));
    return statuses;
  }

  private static List<Status> asyncCalls(EchoService echo) throws Exception {
    List<Status> statuses = new ArrayList<>();
    statuses.add(outcome(() -> echo.echoAsync("first").get(10, TimeUnit.SECONDS)));
    List<CompletableFuture<String>> calls = new ArrayList<>();
    for (int i = 0; i < CONCURRENT; i++) {
      calls.add(echo.echoAsync("m" + i));
    }
    for (int i = 0; i < CONCURRENT; i++) {
      assertThat(calls.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("m" + i);
      statuses.add(Status.OK);
    }
    statuses.add(outcome(() -> echo.fail("boom")));
    statuses.add(outcome(() -> echo.delayedEcho("late", 300).get(10, TimeUnit.SECONDS)));
    return statuses;
  }

  private static Status outcome(CrossTransportTest.ThrowingCall call) {
    try {
      call.call();
      return Status.OK;
    } catch (ExecutionException e) {
      return ((AxleException) e.getCause()).status();
    } catch (AxleException e) {
      return e.status();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** The same factory, remembering the transport it makes. */
  private static TransportFactory capturing(TransportFactory factory, List<Transport> made) {
    return new TransportFactory() {
      @Override
      public String name() {
        return factory.name();
      }

      @Override
      public int eventLoops(AxleConfig config) {
        return factory.eventLoops(config);
      }

      @Override
      public Transport create(TransportContext context) {
        Transport transport = factory.create(context);
        made.add(transport);
        return transport;
      }

      @Override
      public List<io.axle.config.ConfigKey<?>> configKeys() {
        return factory.configKeys();
      }
    };
  }

  /** Counts, per invocation, its start and its ends. */
  private static final class Books implements InvocationListener {
    private final Stage start;
    private final Map<Call, int[]> ends = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<Call, Status> statuses = new ConcurrentHashMap<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();

    Books(Stage start) {
      this.start = start;
    }

    @Override
    public void onStage(Call invocation, Stage stage) {
      if (stage == start && ends.putIfAbsent(invocation, new int[1]) != null) {
        problems.add(invocation + " started twice");
      }
    }

    @Override
    public void onEnd(Call invocation, Response response) {
      int[] count = ends.get(invocation);
      if (count == null) {
        problems.add(invocation + " ended without a start");
        return;
      }
      synchronized (count) {
        count[0]++;
      }
      statuses.put(invocation, response.status());
    }

    void assertEachEndedOnce(int expected) {
      assertThat(problems).isEmpty();
      synchronized (ends) {
        assertThat(ends).as("invocations started").hasSize(expected);
        ends.forEach((invocation, count) -> assertThat(count[0]).as("ends of %s", invocation).isEqualTo(1));
      }
    }

    List<Status> statuses() {
      return new ArrayList<>(statuses.values());
    }
  }
}
