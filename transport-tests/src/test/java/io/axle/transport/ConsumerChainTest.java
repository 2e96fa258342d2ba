package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.Filter;
import io.axle.Response;
import io.axle.Status;
import io.axle.registry.Endpoint;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The consumer chain ends in two ordinary links, the endpoint selection and the transport: a
 * user's filter runs before the pick, so one that proceeds again (what retry and hedging will do)
 * gets a fresh pick each time and reaches another instance. Two real providers on loopback.
 */
class ConsumerChainTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aFilterThatProceedsAgain_getsANewEndpointPick_andTheCallSucceedsOnTheOtherInstance(String transport)
      throws Exception {
    // The first instance sheds every call; the second answers.
    Filter shed = (invocation, next) -> CompletableFuture.completedFuture(
        Response.failure(Status.OVERLOADED, "instance one sheds"));
    List<String> picks = new CopyOnWriteArrayList<>();
    Filter retryOnce = (invocation, next) -> {
      picks.add("before: " + invocation.endpoint());
      return next.proceed(invocation).thenCompose(first -> {
        picks.add("first: " + invocation.endpoint().port() + " " + first.status());
        if (first.status() != Status.OVERLOADED) {
          return CompletableFuture.completedFuture(first);
        }
        return next.proceed(invocation).whenComplete((second, e) ->
            picks.add("second: " + invocation.endpoint().port() + " " + second.status()));
      });
    };
    try (Axle one = provider(transport, shed); Axle two = provider(transport, null)) {
      int portOne = one.endpoint(transport).orElseThrow().port();
      int portTwo = two.endpoint(transport).orElseThrow().port();
      Map<String, Object> entries = new LinkedHashMap<>(CrossTransportTest.config(Map.of()));
      entries.put("axle.service.name", "chain-consumer");
      entries.put("axle.references.transport", transport);
      // The shedding instance first: round-robin picks it for the first call.
      entries.put("axle.registry.local." + Runtimes.SERVICE, List.of(uri(transport, portOne), uri(transport, portTwo)));
      try (Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(entries)).consumerFilter(retryOnce))) {
        EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
        assertThat(echo.echo("hi")).isEqualTo("hi");
        assertThat(picks).containsExactly(
            "before: null",
            "first: " + portOne + " OVERLOADED",
            "second: " + portTwo + " OK");
        // The next call's first pick goes on round the list: the first instance again.
        picks.clear();
        assertThat(echo.echoAsync("again").get()).isEqualTo("again");
        assertThat(picks).containsExactly(
            "before: null", "first: " + portOne + " OVERLOADED", "second: " + portTwo + " OK");
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void withNoEndpointForTheTransport_theSelectionFailsTheCall_beforeAnyTransportIsTouched(String transport) {
    String other = transport.equals("highway") ? "rest" : "highway";
    Map<String, Object> entries = new LinkedHashMap<>(CrossTransportTest.config(Map.of()));
    entries.put("axle.service.name", "chain-consumer");
    entries.put("axle.references.transport", transport);
    entries.put("axle.registry.local." + Runtimes.SERVICE, uri(other, 1));
    List<Endpoint> seen = new ArrayList<>();
    Filter record = (invocation, next) -> next.proceed(invocation).whenComplete((r, e) -> seen.add(invocation.endpoint()));
    try (Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(entries)).consumerFilter(record))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThat(CrossTransportTest.Outcome.of(() -> echo.echo("x"))).isEqualTo(new CrossTransportTest.Outcome(
          Status.CONNECTION_FAILED, "no UP " + transport + " endpoint for service " + Runtimes.SERVICE
              + " in the local registry (instances: [<endpoint> UP]; expected: a " + transport
              + "://host:port entry in axle.registry.local." + Runtimes.SERVICE + ")", null));
      assertThat(seen).containsExactly((Endpoint) null);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aProviderFilterReturningAFailedFuture_isAnswered_notLeftToTimeOut(String transport) {
    Filter failing = (call, next) -> CompletableFuture.failedFuture(new IllegalStateException("filter gave up"));
    try (Axle provider = provider(transport, failing)) {
      Map<String, Object> entries = new LinkedHashMap<>(CrossTransportTest.config(Map.of()));
      entries.put("axle.service.name", "chain-consumer");
      entries.put("axle.references.transport", transport);
      entries.put("axle.registry.local." + Runtimes.SERVICE, uri(transport, provider.endpoint(transport).orElseThrow().port()));
      try (Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(entries)))) {
        EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
        assertThat(CrossTransportTest.Outcome.of(() -> echo.echo("x"))).isEqualTo(new CrossTransportTest.Outcome(
            Status.PROVIDER_ERROR, "EchoService.echo failed: IllegalStateException: filter gave up", null));
      }
    }
  }

  private static Axle provider(String transport, Filter providerFilter) {
    Map<String, Object> entries = new LinkedHashMap<>(CrossTransportTest.providerConfig(transport, Map.of()));
    entries.put("axle.service.name", Runtimes.SERVICE);
    Axle.Builder builder = Axle.builder().config(Runtimes.config(entries))
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl());
    if (providerFilter != null) {
      builder.providerFilter(providerFilter);
    }
    return builder.start();
  }

  private static String uri(String transport, int port) {
    return transport + "://127.0.0.1:" + port;
  }
}
