package io.axle.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.Status;
import io.axle.governance.GovernanceFixture.Outcome;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The consumer's circuit breaker against a real provider: it opens after the configured failures
 * and then fails calls without sending them, half-opens after its wait, and closes again when the
 * calls it lets through succeed.
 */
@Timeout(60)
@Tag("slow")
class BreakerTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void opens_halfOpensAfterItsWait_andClosesAgain(String transport) throws Exception {
    AtomicBoolean failing = new AtomicBoolean(true);
    AtomicInteger runs = new AtomicInteger();
    EchoServiceImpl flaky = new EchoServiceImpl() {
      @Override
      public String echo(String message) {
        runs.incrementAndGet();
        if (failing.get()) {
          throw new IllegalStateException("down");
        }
        return message;
      }
    };
    String enabled = "axle.governance.breaker.enabled." + Runtimes.SERVICE;
    try (Axle provider = GovernanceFixture.provider(runtimes, transport, flaky, Map.of());
        Axle consumer = runtimes.consumer(provider, transport, Map.of(
            enabled, true,
            "axle.governance.breaker.window", 4,
            "axle.governance.breaker.minimum-calls", 4,
            "axle.governance.breaker.failure-rate", 50,
            "axle.governance.breaker.wait-in-open", "1500ms",
            "axle.governance.breaker.half-open-calls", 1))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

      for (int i = 0; i < 4; i++) {
        assertThat(Outcome.of(() -> echo.echo("x")).error().status()).isEqualTo(Status.PROVIDER_ERROR);
      }
      assertThat(runs).hasValue(4);

      // Open: failed at once, never sent.
      Outcome refused = Outcome.of(() -> echo.echo("x"));
      assertThat(refused.error().status()).isEqualTo(Status.OVERLOADED);
      assertThat(refused.error().getMessage()).startsWith(Runtimes.SCHEMA + ".echo was not sent: the circuit breaker of "
          + Runtimes.SERVICE + "/" + Runtimes.SCHEMA + ".echo is open").endsWith("(" + enabled + ": true; 50% failed or 100% over 1000 ms of 4 calls; open 1500 ms)");
      assertThat(runs).hasValue(4);
      // What each metrics window shows: breakers that are not closed.
      assertThat(consumer.policyStates()).containsExactly(
          new io.axle.policy.PolicyState("breaker " + Runtimes.SERVICE + "/" + Runtimes.SCHEMA + ".echo", "OPEN"));
      // Another operation has a breaker of its own, still closed.
      assertThat(echo.add(1, 2)).isEqualTo(3);

      failing.set(false);
      Thread.sleep(1600);
      // Half-open: the one call it lets through runs, succeeds, and closes it.
      assertThat(echo.echo("back")).isEqualTo("back");
      assertThat(runs).hasValue(5);
      for (int i = 0; i < 10; i++) {
        assertThat(echo.echo("closed")).isEqualTo("closed");
      }
      assertThat(runs).hasValue(15);
      assertThat(consumer.policyStates()).as("closed again: nothing to show").isEmpty();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aFailingHalfOpenCall_opensItAgain(String transport) throws Exception {
    AtomicInteger runs = new AtomicInteger();
    EchoServiceImpl down = new EchoServiceImpl() {
      @Override
      public String echo(String message) {
        runs.incrementAndGet();
        throw new IllegalStateException("down");
      }
    };
    try (Axle provider = GovernanceFixture.provider(runtimes, transport, down, Map.of());
        Axle consumer = runtimes.consumer(provider, transport, Map.of(
            "axle.governance.breaker.enabled", true,
            "axle.governance.breaker.window", 2,
            "axle.governance.breaker.minimum-calls", 2,
            "axle.governance.breaker.wait-in-open", "1500ms",
            "axle.governance.breaker.half-open-calls", 1))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      Outcome.of(() -> echo.echo("x"));
      Outcome.of(() -> echo.echo("x"));
      assertThat(Outcome.of(() -> echo.echo("x")).error().status()).isEqualTo(Status.OVERLOADED);
      Thread.sleep(1600);
      assertThat(Outcome.of(() -> echo.echo("x")).error().status()).isEqualTo(Status.PROVIDER_ERROR);
      assertThat(runs).hasValue(3);
      // Open again at once, for another wait.
      assertThat(Outcome.of(() -> echo.echo("x")).error().status()).isEqualTo(Status.OVERLOADED);
      assertThat(runs).hasValue(3);
    }
  }

  @Test
  void aMinimumLargerThanTheWindow_failsTheReference_namingBothKeys() {
    try (Axle provider = GovernanceFixture.provider(runtimes, "highway", new EchoServiceImpl(), Map.of());
        Axle consumer = runtimes.consumer(provider, "highway", Map.of(
            "axle.governance.breaker.enabled", true,
            "axle.governance.breaker.window", 4,
            "axle.governance.breaker.minimum-calls." + Runtimes.SERVICE, 10))) {
      assertThatThrownBy(() -> consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA))
          .hasMessageContaining("axle.governance.breaker.minimum-calls." + Runtimes.SERVICE + ": 10 (expected: at "
              + "most axle.governance.breaker.window: 4");
    }
  }
}
