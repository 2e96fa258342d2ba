package io.axle.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.Status;
import io.axle.config.ConfigException;
import io.axle.governance.GovernanceFixture.Named;
import io.axle.governance.GovernanceFixture.Outcome;
import io.axle.testing.EchoService;
import io.axle.testing.Runtimes;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rate limits, bulkheads and the adaptive limit on real providers and consumers, over both
 * transports: the calls over a limit fail at once with OVERLOADED naming the limit and its key; a
 * provider's refusals are marked not run on the wire and never reach the method.
 */
@Timeout(60)
class LimitsTest {
  private static final String OP = Runtimes.SCHEMA + ".sleepEcho";

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void providerBulkhead_refusesTheCallsOverIt_beforeTheyRun_markedNotRun(String transport) {
    Named impl = new Named("p");
    try (Axle provider = GovernanceFixture.provider(transport, impl,
            Map.of("axle.governance.provider.max-concurrent." + OP, 2));
        Axle consumer = Runtimes.consumer(provider, transport, Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

      List<Outcome> outcomes = GovernanceFixture.together(5, () -> echo.sleepEcho("x", 700));

      assertThat(outcomes).filteredOn(Outcome::ok).hasSize(2);
      List<Outcome> refused = outcomes.stream().filter(o -> !o.ok()).toList();
      assertThat(refused).hasSize(3).allSatisfy(o -> {
        assertThat(o.error().status()).isEqualTo(Status.OVERLOADED);
        assertThat(o.error().isNotRun()).as("marked not run on the wire").isTrue();
        assertThat(o.error().getMessage()).isEqualTo(OP + " was not run: its provider limit of 2 concurrent calls "
            + "was reached (axle.governance.provider.max-concurrent." + OP + ": 2)");
      });
      assertThat(impl.runs).hasValue(2);
      // Slots come back with the answers.
      assertThat(echo.sleepEcho("x", 0)).isEqualTo("p");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void consumerBulkhead_failsTheCallsOverIt_unsent(String transport) {
    Named impl = new Named("p");
    try (Axle provider = GovernanceFixture.provider(transport, impl, Map.of());
        Axle consumer = Runtimes.consumer(provider, transport,
            Map.of("axle.governance.consumer.max-concurrent." + Runtimes.SERVICE, 3))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

      List<Outcome> outcomes = GovernanceFixture.together(5, () -> echo.sleepEcho("x", 700));

      assertThat(outcomes).filteredOn(Outcome::ok).hasSize(3);
      assertThat(outcomes).filteredOn(o -> !o.ok()).hasSize(2).allSatisfy(o -> {
        assertThat(o.error().status()).isEqualTo(Status.OVERLOADED);
        assertThat(o.error().getMessage()).isEqualTo(OP + " was not sent: its consumer limit of 3 concurrent calls "
            + "was reached (axle.governance.consumer.max-concurrent." + Runtimes.SERVICE + ": 3)");
      });
      assertThat(impl.runs).hasValue(3);
      assertThat(echo.sleepEcho("x", 0)).isEqualTo("p");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void rateLimits_onEitherSide_letThroughAtMostTheirRatePerSecond(String transport) {
    Named impl = new Named("p");
    try (Axle provider = GovernanceFixture.provider(transport, impl,
            Map.of("axle.governance.provider.rate-limit." + OP, 5));
        Axle consumer = Runtimes.consumer(provider, transport, Map.of());
        Axle limited = Runtimes.consumer(provider, transport,
            Map.of("axle.governance.consumer.rate-limit", 3))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      List<Outcome> provided = java.util.stream.IntStream.range(0, 20)
          .mapToObj(i -> Outcome.of(() -> echo.sleepEcho("x", 0))).toList();
      // 20 calls in well under a second: 5, or 10 when they straddle the start of a new second.
      long passed = provided.stream().filter(Outcome::ok).count();
      assertThat(passed).isIn(5L, 6L, 7L, 8L, 9L, 10L);
      assertThat(impl.runs).hasValue((int) passed);
      assertThat(provided).filteredOn(o -> !o.ok()).allSatisfy(o -> {
        assertThat(o.error().isNotRun()).isTrue();
        assertThat(o.error().getMessage()).isEqualTo(OP + " was not run: its provider rate limit of 5 calls per "
            + "second was reached (axle.governance.provider.rate-limit." + OP + ": 5)");
      });

      EchoService slow = limited.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      List<Outcome> consumed = java.util.stream.IntStream.range(0, 20)
          .mapToObj(i -> Outcome.of(() -> slow.add(1, 2) + "")).toList();
      assertThat(consumed.stream().filter(Outcome::ok).count()).isBetween(3L, 6L);
      assertThat(consumed).filteredOn(o -> !o.ok()).allSatisfy(o -> assertThat(o.error().getMessage())
          .isEqualTo(Runtimes.SCHEMA + ".add was not sent: its consumer rate limit of 3 calls per second was "
              + "reached (axle.governance.consumer.rate-limit: 3)"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void adaptiveLimit_refusesAboveItsLimit_andAdmitsAgainAfterwards(String transport) {
    Named impl = new Named("p");
    try (Axle provider = GovernanceFixture.provider(transport, impl, Map.of(
            "axle.governance.adaptive-limit.algorithm", "gradient2",
            "axle.governance.adaptive-limit.initial-limit", 2,
            "axle.governance.adaptive-limit.min-limit", 1,
            "axle.governance.adaptive-limit.max-limit", 2));
        Axle consumer = Runtimes.consumer(provider, transport, Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

      List<Outcome> outcomes = GovernanceFixture.together(6, () -> echo.sleepEcho("x", 700));

      long admitted = outcomes.stream().filter(Outcome::ok).count();
      assertThat(admitted).isBetween(1L, 2L);
      assertThat(impl.runs).hasValue((int) admitted);
      assertThat(outcomes).filteredOn(o -> !o.ok()).hasSize(6 - (int) admitted).allSatisfy(o -> {
        assertThat(o.error().status()).isEqualTo(Status.OVERLOADED);
        assertThat(o.error().isNotRun()).isTrue();
        assertThat(o.error().getMessage()).startsWith(OP + " was not run: its adaptive concurrency limit, ")
            .endsWith(" calls now, was reached (axle.governance.adaptive-limit.algorithm: gradient2)");
      });
      // The overload over, calls are admitted again.
      for (int i = 0; i < 5; i++) {
        assertThat(echo.sleepEcho("x", 0)).isEqualTo("p");
      }
    }
  }

  @Test
  void limitsThatContradictEachOther_stopTheStart_namingBothKeys() {
    assertThatThrownBy(() -> GovernanceFixture.provider("highway", new Named("p"), Map.of(
            "axle.governance.adaptive-limit.algorithm", "vegas",
            "axle.governance.adaptive-limit.min-limit", 50,
            "axle.governance.adaptive-limit.max-limit", 10)))
        .hasMessageContaining("axle.governance.adaptive-limit.min-limit: 50 (expected: at most "
            + "axle.governance.adaptive-limit.max-limit: 10)");
  }

  @Test
  void badValues_stopTheStart_withTheExpectedValues() {
    assertThatThrownBy(() -> GovernanceFixture.provider("highway", new Named("p"), Map.of(
            "axle.governance.adaptive-limit.algorithm." + Runtimes.SCHEMA, "aimd",
            "axle.governance.provider.max-concurrent", -1,
            "axle.governance.breaker.failure-rate", 0)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("axle.governance.adaptive-limit.algorithm." + Runtimes.SCHEMA + ": aimd (expected: one of")
        .hasMessageContaining("axle.governance.provider.max-concurrent: -1 (expected: ")
        .hasMessageContaining("axle.governance.breaker.failure-rate: 0 (expected: ");
  }
}
