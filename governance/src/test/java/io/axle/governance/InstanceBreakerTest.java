package io.axle.governance;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.Status;
import io.axle.governance.GovernanceFixture.Named;
import io.axle.governance.GovernanceFixture.Outcome;
import io.axle.registry.LocalRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.Runtimes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Breakers per instance ({@code axle.governance.breaker.per-instance}) with real providers: the instance
 * that fails has its breaker opened, is then passed over for the healthy one without being sent a call
 * (so the caller sees no more failures, even for an operation that is not idempotent), and is tried
 * again once the breaker half-opens.
 */
@Timeout(60)
@Tag("slow")
class InstanceBreakerTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aFailingInstance_isPassedOver_whileItsBreakerIsOpen(String transport) throws Exception {
    LocalRegistry registry = new LocalRegistry();
    Named healthy = new Named("healthy");
    Named faulty = new Named("faulty") {
      @Override
      public String echo(String message) {
        echoes.incrementAndGet();
        if (!healed) {
          throw new IllegalStateException("broken");
        }
        return name;
      }
    };
    try (Axle a = GovernanceFixture.registered(runtimes, registry, transport, healthy, Map.of());
        Axle b = GovernanceFixture.registered(runtimes, registry, transport, faulty, Map.of());
        Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(Map.of(
            "axle.service.name", "test-consumer",
            "axle.references.transport", transport,
            "axle.governance.breaker.enabled", true,
            "axle.governance.breaker.per-instance", true,
            "axle.governance.breaker.window", 4,
            "axle.governance.breaker.minimum-calls", 4,
            "axle.governance.breaker.wait-in-open", "3s",
            "axle.governance.breaker.half-open-calls", 1))).registry(registry))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

      assertThat(a.endpoint(transport)).isPresent();
      assertThat(b.endpoint(transport)).isPresent();
      // Round robin: the faulty instance gets every second call until its fourth failure opens its breaker.
      List<Outcome> first = GovernanceFixture.inTurn(8, () -> echo.echo("x"));
      assertThat(first).filteredOn(o -> !o.ok()).hasSize(4)
          .allSatisfy(o -> assertThat(o.error().status()).isEqualTo(Status.PROVIDER_ERROR));
      assertThat(faulty.echoes).hasValue(4);

      List<Outcome> open = GovernanceFixture.inTurn(20, () -> echo.echo("x"));
      assertThat(open).as("passed over, not failed").allSatisfy(o -> assertThat(o.value()).isEqualTo("x"));
      assertThat(faulty.echoes).as("nothing sent to it while open").hasValue(4);
      assertThat(consumer.policyStates()).singleElement().satisfies(state -> {
        assertThat(state.name()).isEqualTo("breaker " + Runtimes.SERVICE + "/" + Runtimes.SCHEMA + ".echo on "
            + b.endpoint(transport).orElseThrow());
        assertThat(state.state()).isEqualTo("OPEN");
      });

      faulty.healed = true;
      Thread.sleep(3100);
      // Half-open: it is tried again, answers, and takes its share.
      GovernanceFixture.inTurn(10, () -> echo.echo("x"));
      assertThat(faulty.echoes.get()).isGreaterThan(4);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void hedgedAttemptsThatLost_doNotCountAgainstTheirInstance(String transport) {
    LocalRegistry registry = new LocalRegistry();
    Named fast = new Named("fast");
    Named slow = new Named("slow") {
      @Override
      public String echo(String message) {
        echoes.incrementAndGet();
        try {
          Thread.sleep(300);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return name;
      }
    };
    try (Axle a = GovernanceFixture.registered(runtimes, registry, transport, fast, Map.of());
        Axle b = GovernanceFixture.registered(runtimes, registry, transport, slow, Map.of());
        Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(Map.of(
            "axle.service.name", "test-consumer",
            "axle.references.transport", transport,
            "axle.governance.retry.idempotent", true,
            "axle.governance.hedge.delay", "50ms",
            "axle.governance.breaker.enabled", true,
            "axle.governance.breaker.per-instance", true,
            "axle.governance.breaker.window", 2,
            "axle.governance.breaker.minimum-calls", 2))).registry(registry))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

      // Every call that picks "slow" is hedged to "fast", and the slow attempt is cancelled.
      List<Outcome> outcomes = GovernanceFixture.inTurn(6, () -> echo.echo("x"));

      assertThat(outcomes).as("answered by fast, whose echo echoes").allSatisfy(o -> assertThat(o.value()).isEqualTo("x"));
      assertThat(slow.echoes.get()).as("slow was picked and hedged away from").isPositive();
      assertThat(consumer.policyStates()).as("a cancelled attempt is not a failure of its instance")
          .filteredOn(state -> state.name().startsWith("breaker")).isEmpty();
      assertThat(consumer.policyStates()).as("the hedges show")
          .anySatisfy(state -> assertThat(state.name()).isEqualTo("hedge echo-service/EchoService.echo"));
      assertThat(a.endpoint(transport)).isPresent();
      assertThat(b.endpoint(transport)).isPresent();
    }
  }
}
