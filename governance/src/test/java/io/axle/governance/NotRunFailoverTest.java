package io.axle.governance;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.Status;
import io.axle.governance.GovernanceFixture.Named;
import io.axle.governance.GovernanceFixture.Outcome;
import io.axle.registry.LocalRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A provider's refusal before running a call is marked not run on the wire, so the consumer sends
 * the call to another instance even for an operation that is not idempotent; the method runs once.
 * A provider whose method passes on such a refusal from a call of its own does not pass on the mark:
 * its method ran.
 */
@Timeout(60)
class NotRunFailoverTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final String LIMIT = "axle.governance.provider.max-concurrent." + Runtimes.SCHEMA + ".sleepEcho";

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aCallRefusedBeforeItRan_goesToAnotherInstance_andRunsOnce(String transport) {
    LocalRegistry registry = new LocalRegistry();
    Named busy = new Named("busy");
    Named free = new Named("free");
    try (Axle a = GovernanceFixture.registered(runtimes, registry, transport, busy, Map.of(LIMIT, 1));
        Axle b = GovernanceFixture.registered(runtimes, registry, transport, free, Map.of());
        Axle direct = runtimes.consumer(a, transport, Map.of());
        // The default retry budget: the refusing instance is skipped after each refusal (for a minute here,
        // so that a slow machine cannot let it lapse), so its refusals do not drain the budget.
        Axle consumer = runtimes.start(Axle.builder()
            .config(Runtimes.config(Map.of("axle.service.name", "test-consumer",
                "axle.references.transport", transport, "axle.loadbalance.isolation.refused-backoff", "1m")))
            .registry(registry))) {
      EchoService toBusy = direct.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      CompletableFuture<Outcome> holding = GovernanceFixture.inBackground(1, () -> toBusy.sleepEcho(Named.HOLD, 0))
          .get(0);
      busy.awaitHolding(1);

      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      List<Outcome> outcomes = GovernanceFixture.inTurn(50, () -> echo.sleepEcho("x", 0));

      assertThat(outcomes).allSatisfy(o -> assertThat(o.value()).isEqualTo("free"));
      assertThat(free.runs).hasValue(50);
      // Skipped after its first refusal: another operation still goes there (limits are per operation).
      assertThat(GovernanceFixture.inTurn(4, () -> echo.echo("y"))).extracting(Outcome::value)
          .containsExactlyInAnyOrder("y", "y", "y", "y");
      assertThat(busy.echoes.get()).as("round robin still sends echo to the busy instance").isPositive();
      assertThat(busy.runs).as("only the call holding its slot ran there").hasValue(1);
      busy.release();
      assertThat(holding.join().value()).isEqualTo("busy");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aRefusalPassedOnByAMethod_isNotMarkedNotRun(String transport) {
    Named downstream = new Named("downstream");
    AtomicReference<EchoService> onwards = new AtomicReference<>();
    EchoServiceImpl relay = new EchoServiceImpl() {
      @Override
      public String echo(String message) {
        // The relay's own work happens here; then its call onwards is refused.
        return onwards.get().sleepEcho(message, 0);
      }
    };
    try (Axle server = GovernanceFixture.provider(runtimes, transport, downstream, Map.of(LIMIT, 1));
        Axle direct = runtimes.consumer(server, transport, Map.of());
        Axle proxy = relay(transport, relay, server);
        Axle client = runtimes.consumer(proxy, transport, Map.of())) {
      onwards.set(proxy.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA));
      EchoService toServer = direct.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      CompletableFuture<Outcome> holding = GovernanceFixture.inBackground(1,
          () -> toServer.sleepEcho(Named.HOLD, 0)).get(0);
      downstream.awaitHolding(1);

      Outcome relayed = Outcome.of(() -> client.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA)
          .echo("x"));

      assertThat(relayed.error().status()).isEqualTo(Status.OVERLOADED);
      assertThat(relayed.error().getMessage()).contains("its provider limit of 1 concurrent calls was reached");
      assertThat(relayed.error().isNotRun()).as("the relay's method ran").isFalse();
      downstream.release();
      assertThat(holding.join().ok()).isTrue();
    }
  }

  /** A provider of {@code impl} on its own ports whose references to {@link Runtimes#SERVICE} reach {@code server}. */
  private static Axle relay(String transport, EchoService impl, Axle server) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("axle.service.name", "relay");
    keys.put("axle.executors.default", "virtual");
    for (String present : Runtimes.transportsOnClassPath()) {
      keys.put("axle." + present + ".address", "127.0.0.1:0");
    }
    keys.put("axle.registry.local." + Runtimes.SERVICE,
        transport + "://127.0.0.1:" + server.endpoint(transport).orElseThrow().port());
    keys.put("axle.references.transport", transport);
    return runtimes.start(Axle.builder().config(Runtimes.config(keys))
        .provider(Runtimes.SCHEMA, EchoService.class, impl));
  }
}
