package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Role;
import io.axle.Status;
import io.axle.registry.LocalRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import io.axle.transport.tls.TestPki;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same calls across every configuration a user can pick, in the spirit of Caffeine's test
 * matrix: transport x provider executor ({@code inline}, {@code group}, {@code virtual}) x consumer
 * call style (sync, async) x, for REST, HTTP/1.1 and h2c; then, as extra cases rather than a cross
 * product (the suite has a CI budget), TLS on each wire, the group and virtual executors' {@code task}
 * hand-off (the base cases run the default, {@code burst}), and two provider instances with an
 * idempotent operation that fails once on one of them and is retried on the other. Each case makes
 * successful calls (some concurrent), a call the provider fails and a call that times out, on real
 * runtimes on loopback, and then checks the books ({@link AxleExtension}): every consumer and provider
 * invocation ended exactly once, with the statuses the calls saw, and the consumer has no call left in
 * flight (so nothing is left in a pending table, armed on a timer or queued to a loop).
 */
class CallMatrixTest {
  private static final int CONCURRENT = 20;
  private static final String OK_SYNC = "sync";
  /** No variant: the base matrix. */
  private static final String PLAIN = "-";
  private static final String TLS = "tls";
  private static final String TASK_HAND_OFF = "hand-off task";
  private static final String RETRY = "retry, 2 instances";

  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();
  @TempDir
  Path dir;

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String executor : List.of("inline", "group", "virtual")) {
      for (String style : List.of(OK_SYNC, "async")) {
        cases.add(Arguments.of("highway", executor, style, "-", PLAIN));
        for (String protocol : List.of("http1", "h2c")) {
          cases.add(Arguments.of("rest", executor, style, protocol, PLAIN));
        }
      }
    }
    // Over TLS, REST's h2c is HTTP/2 agreed by ALPN.
    cases.add(Arguments.of("highway", "group", OK_SYNC, "-", TLS));
    cases.add(Arguments.of("rest", "group", "async", "http1", TLS));
    cases.add(Arguments.of("rest", "virtual", OK_SYNC, "h2c", TLS));
    cases.add(Arguments.of("highway", "group", "async", "-", TASK_HAND_OFF));
    cases.add(Arguments.of("highway", "virtual", OK_SYNC, "-", TASK_HAND_OFF));
    cases.add(Arguments.of("rest", "group", OK_SYNC, "h2c", TASK_HAND_OFF));
    cases.add(Arguments.of("highway", "group", OK_SYNC, "-", RETRY));
    cases.add(Arguments.of("rest", "inline", "async", "http1", RETRY));
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1} {2} {3} {4}")
  @MethodSource("cases")
  void everyCallEndsExactlyOnce_andNothingIsLeftInFlight(String transport, String executor, String style,
      String protocol, String variant) throws Exception {
    Map<String, Object> providerKeys = new LinkedHashMap<>();
    providerKeys.put("axle.service.name", Runtimes.SERVICE);
    providerKeys.put("axle.executors.default", executor);
    Map<String, Object> consumerKeys = new LinkedHashMap<>();
    consumerKeys.put("axle.service.name", "matrix-consumer");
    consumerKeys.put("axle.references.transport", transport);
    if (!protocol.equals("-")) {
      consumerKeys.put("axle.rest.client.protocol", protocol);
    }
    for (String slow : List.of("sleepEcho", "delayedEcho")) {
      consumerKeys.put("axle.request.timeout." + Runtimes.SERVICE + "." + Runtimes.SCHEMA + "." + slow, "50ms");
    }
    switch (variant) {
      case TLS -> {
        TestPki pki = new TestPki(dir);
        TestPki.CertFiles server = pki.server("server");
        providerKeys.put("axle.tls.server.enabled", true);
        providerKeys.put("axle.tls.server.cert", server.cert().toString());
        providerKeys.put("axle.tls.server.key", server.key().toString());
        consumerKeys.put("axle.tls.client.enabled", true);
        consumerKeys.put("axle.tls.client.trust", pki.caFile().toString());
      }
      case TASK_HAND_OFF -> providerKeys.put("axle.executor.default.hand-off", "task");
      case RETRY -> {
        for (String echoed : List.of("echo", "echoAsync")) {
          consumerKeys.put("axle.governance.retry.idempotent." + Runtimes.SERVICE + "." + Runtimes.SCHEMA + "."
              + echoed, true);
        }
        // Every failure may be retried: the budget is not what this case is about.
        consumerKeys.put("axle.governance.retry.budget-percent", 100);
      }
      default -> {
      }
    }

    LocalRegistry registry = new LocalRegistry();
    List<Axle> providers = new ArrayList<>();
    providers.add(provider(transport, providerKeys, registry, "one", new EchoServiceImpl()));
    AtomicBoolean failedOnce = new AtomicBoolean();
    if (variant.equals(RETRY)) {
      // The second instance fails the first echo it serves (sync or async, as the case calls); the retry sends
      // that call to the first instance.
      providers.add(provider(transport, providerKeys, registry, "two", new EchoServiceImpl() {
        @Override
        public String echo(String message) {
          failOnce();
          return super.echo(message);
        }

        @Override
        public CompletableFuture<String> echoAsync(String message) {
          failOnce();
          return super.echoAsync(message);
        }

        private void failOnce() {
          if (failedOnce.compareAndSet(false, true)) {
            throw new IllegalStateException("failing once, for the retry");
          }
        }
      }));
    }
    Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(CrossTransportTest.config(consumerKeys)))
        .registry(registry));
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    List<Status> seen = style.equals(OK_SYNC) ? syncCalls(echo) : asyncCalls(echo);
    assertThat(consumer.consumerCallsInFlight().values()).as("consumer calls still in flight on %s", transport)
        .allMatch(count -> count == 0);
    consumer.close();
    for (Axle provider : providers) {
      // Waits for what the provider still runs (the timed-out call's method), so its books are closed.
      provider.stop(Duration.ofSeconds(5));
    }

    assertThat(seen).containsOnly(Status.OK, Status.PROVIDER_ERROR, Status.DEADLINE_EXCEEDED);
    assertThat(seen).filteredOn(s -> s == Status.OK).hasSize(CONCURRENT + 1);
    AxleExtension.Books consumerBooks = runtimes.books(consumer);
    assertThat(consumerBooks.started(Role.CONSUMER)).isEqualTo(CONCURRENT + 3);
    assertThat(consumerBooks.statuses(Role.CONSUMER)).containsExactlyInAnyOrderElementsOf(seen);
    List<Status> served = new ArrayList<>();
    for (Axle provider : providers) {
      served.addAll(runtimes.books(provider).statuses(Role.PROVIDER));
    }
    // Each call reached a provider once, and the retried one twice: its first attempt failed.
    int retried = variant.equals(RETRY) ? 1 : 0;
    assertThat(failedOnce.get()).as("the failing instance served an echo").isEqualTo(retried == 1);
    assertThat(served).hasSize(CONCURRENT + 3 + retried);
    // The timed-out call's method still ran to its end, so only the failing calls did not answer OK.
    assertThat(served).filteredOn(s -> s != Status.OK).containsOnly(Status.PROVIDER_ERROR).hasSize(1 + retried);
  }

  private Axle provider(String transport, Map<String, Object> keys, LocalRegistry registry, String instance,
      EchoServiceImpl impl) {
    Map<String, Object> entries = new LinkedHashMap<>(CrossTransportTest.providerConfig(transport, keys));
    entries.put("axle.registry.instance-id", instance);
    return runtimes.start(Axle.builder().config(Runtimes.config(entries)).registry(registry)
        .provider(Runtimes.SCHEMA, EchoService.class, impl));
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
}
