package io.axle.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.Status;
import io.axle.config.ConfigException;
import io.axle.governance.GovernanceFixture.Named;
import io.axle.governance.GovernanceFixture.Outcome;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.LogCapture;
import io.axle.testing.Runtimes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rate limits, bulkheads and the adaptive limit on real providers and consumers, over both
 * transports: the calls over a limit fail at once with OVERLOADED naming the limit and its key; a
 * provider's refusals are marked not run on the wire and never reach the method. Slots are held by
 * calls parked in the provider until the test releases them, so the counts do not depend on timing.
 */
@Timeout(60)
@Tag("slow")
class LimitsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final String OP = Runtimes.SCHEMA + ".sleepEcho";

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void providerBulkhead_refusesTheCallsOverIt_beforeTheyRun_markedNotRun(String transport) {
    Named impl = new Named("p");
    try (Axle provider = GovernanceFixture.provider(runtimes, transport, impl,
            Map.of("axle.governance.provider.max-concurrent." + OP, 2));
        Axle consumer = runtimes.consumer(provider, transport, Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      List<CompletableFuture<Outcome>> held = GovernanceFixture.inBackground(2, () -> echo.sleepEcho(Named.HOLD, 0));
      impl.awaitHolding(2);

      List<Outcome> refused = GovernanceFixture.inTurn(3, () -> echo.sleepEcho("x", 0));

      assertThat(refused).allSatisfy(o -> {
        assertThat(o.error().status()).isEqualTo(Status.OVERLOADED);
        assertThat(o.error().isNotRun()).as("marked not run on the wire").isTrue();
        assertThat(o.error().getMessage()).isEqualTo(OP + " was not run: its provider limit of 2 concurrent calls "
            + "was reached (axle.governance.provider.max-concurrent." + OP + ": 2)");
      });
      assertThat(impl.runs).hasValue(2);
      assertLoggedRateLimited("WARN io.axle.provider - refused: " + OP + " was not run: its provider limit of 2 "
          + "concurrent calls was reached (axle.governance.provider.max-concurrent." + OP + ": 2)",
          () -> echo.sleepEcho("x", 0));
      impl.release();
      assertThat(held).allSatisfy(f -> assertThat(f.join().value()).isEqualTo("p"));
      // Slots come back with the answers.
      assertThat(GovernanceFixture.inTurn(3, () -> echo.sleepEcho("x", 0))).allSatisfy(o -> assertThat(o.ok()).isTrue());
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void consumerBulkhead_failsTheCallsOverIt_unsent(String transport) {
    Named impl = new Named("p");
    try (Axle provider = GovernanceFixture.provider(runtimes, transport, impl, Map.of());
        Axle consumer = runtimes.consumer(provider, transport,
            Map.of("axle.governance.consumer.max-concurrent." + Runtimes.SERVICE, 3))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      List<CompletableFuture<Outcome>> held = GovernanceFixture.inBackground(3, () -> echo.sleepEcho(Named.HOLD, 0));
      impl.awaitHolding(3);

      List<Outcome> refused = GovernanceFixture.inTurn(2, () -> echo.sleepEcho("x", 0));

      assertThat(refused).allSatisfy(o -> {
        assertThat(o.error().status()).isEqualTo(Status.OVERLOADED);
        assertThat(o.error().isNotRun()).as("refused by the consumer itself, not by a provider").isFalse();
        assertThat(o.error().getMessage()).isEqualTo(OP + " was not sent: its consumer limit of 3 concurrent calls "
            + "was reached (axle.governance.consumer.max-concurrent." + Runtimes.SERVICE + ": 3)");
      });
      assertThat(impl.runs).hasValue(3);
      assertLoggedRateLimited("WARN io.axle.consumer - refused: " + OP + " was not sent: its consumer limit of 3 "
          + "concurrent calls was reached (axle.governance.consumer.max-concurrent." + Runtimes.SERVICE + ": 3)",
          () -> echo.sleepEcho("x", 0));
      impl.release();
      assertThat(held).allSatisfy(f -> assertThat(f.join().ok()).isTrue());
      assertThat(echo.sleepEcho("x", 0)).isEqualTo("p");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void rateLimits_onEitherSide_letThroughAtMostTheirRatePerSecond(String transport) {
    Named impl = new Named("p");
    // A limit of its own per transport, so that its refusal is a reason of its own for the log's gate, which
    // logs a reason once a second, whichever runtime refused (the other run may have logged this second).
    int consumerLimit = transport.equals("highway") ? 3 : 4;
    try (Axle provider = GovernanceFixture.provider(runtimes, transport, impl,
            Map.of("axle.governance.provider.rate-limit." + OP, 5));
        Axle consumer = runtimes.consumer(provider, transport, Map.of());
        Axle limited = runtimes.consumer(provider, transport,
            Map.of("axle.governance.consumer.rate-limit", consumerLimit))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      echo.add(1, 1); // connected before the counted calls start
      long start = System.nanoTime();
      List<Outcome> provided = GovernanceFixture.inTurn(20, () -> echo.sleepEcho("x", 0));
      long passed = provided.stream().filter(Outcome::ok).count();
      // 5 per started second: at least 5, at most 5 more per second boundary the calls crossed.
      assertThat(passed).isBetween(5L, 5L * (secondsSince(start) + 1));
      assertThat(impl.runs).hasValue((int) passed);
      assertThat(provided).filteredOn(o -> !o.ok()).isNotEmpty().allSatisfy(o -> {
        assertThat(o.error().isNotRun()).isTrue();
        assertThat(o.error().getMessage()).isEqualTo(OP + " was not run: its provider rate limit of 5 calls per "
            + "second was reached (axle.governance.provider.rate-limit." + OP + ": 5)");
      });

      EchoService slow = limited.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      start = System.nanoTime();
      LogCapture log = new LogCapture();
      log.install();
      List<Outcome> consumed;
      try {
        consumed = GovernanceFixture.inTurn(20, () -> slow.add(1, 2) + "");
      } finally {
        log.uninstall();
      }
      assertThat(log.text()).as("the consumer's refusals are logged").contains("WARN io.axle.consumer - refused: "
          + Runtimes.SCHEMA + ".add was not sent: its consumer rate limit of " + consumerLimit
          + " calls per second was reached");
      assertThat(consumed.stream().filter(Outcome::ok).count())
          .isBetween((long) consumerLimit, consumerLimit * (secondsSince(start) + 1));
      assertThat(consumed).filteredOn(o -> !o.ok()).isNotEmpty().allSatisfy(o -> assertThat(o.error().getMessage())
          .isEqualTo(Runtimes.SCHEMA + ".add was not sent: its consumer rate limit of " + consumerLimit + " calls "
              + "per second was reached (axle.governance.consumer.rate-limit: " + consumerLimit + ")"));
    }
  }

  /**
   * Refused calls are logged, one line per operation and reason per second at most: refusing once every
   * 50 ms for a little over a second writes the line (the gate is shared with earlier tests, so the first
   * refusal here may fall in a second already logged), and no more than once per started second.
   */
  private static void assertLoggedRateLimited(String line, Supplier<String> refuse) {
    LogCapture log = new LogCapture();
    log.install();
    long start = System.nanoTime();
    try {
      while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(1300)) {
        assertThat(GovernanceFixture.inTurn(1, refuse)).allSatisfy(o -> assertThat(o.ok()).isFalse());
        Thread.sleep(50);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    } finally {
      log.uninstall();
    }
    long lines = log.text().lines().filter(l -> l.contains(line)).count();
    assertThat(lines).as("lines %s in:%n%s", line, log.text()).isBetween(1L, secondsSince(start) + 1);
  }

  private static long secondsSince(long startNanos) {
    return TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNanos) + 1;
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void adaptiveLimit_refusesAboveItsLimit_andAdmitsAgainAfterwards(String transport) {
    Named impl = new Named("p");
    try (Axle provider = GovernanceFixture.provider(runtimes, transport, impl, Map.of(
            "axle.governance.adaptive-limit.algorithm", "gradient2",
            "axle.governance.adaptive-limit.initial-limit", 2,
            "axle.governance.adaptive-limit.min-limit", 1,
            "axle.governance.adaptive-limit.max-limit", 2));
        Axle consumer = runtimes.consumer(provider, transport, Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      List<CompletableFuture<Outcome>> held = GovernanceFixture.inBackground(2, () -> echo.sleepEcho(Named.HOLD, 0));
      impl.awaitHolding(2);

      List<Outcome> refused = GovernanceFixture.inTurn(4, () -> echo.sleepEcho("x", 0));

      assertThat(refused).allSatisfy(o -> {
        assertThat(o.error().status()).isEqualTo(Status.OVERLOADED);
        assertThat(o.error().isNotRun()).isTrue();
        assertThat(o.error().getMessage()).isEqualTo(OP + " was not run: its adaptive concurrency limit, 2 calls "
            + "now, was reached (axle.governance.adaptive-limit.algorithm: gradient2)");
      });
      assertThat(impl.runs).hasValue(2);
      assertThat(provider.policyStates()).containsExactly(new io.axle.policy.PolicyState(
          "adaptive-limit axle.governance.adaptive-limit.algorithm", "limit=2 inflight=2"));
      impl.release();
      assertThat(held).allSatisfy(f -> assertThat(f.join().ok()).isTrue());
      // The overload over, calls are admitted again.
      assertThat(GovernanceFixture.inTurn(5, () -> echo.sleepEcho("x", 0))).allSatisfy(o -> assertThat(o.value())
          .isEqualTo("p"));
    }
  }

  @Test
  void limitsThatContradictEachOther_stopTheStart_namingBothKeys() {
    assertThatThrownBy(() -> GovernanceFixture.provider(runtimes, "highway", new Named("p"), Map.of(
            "axle.governance.adaptive-limit.algorithm", "gradient2",
            "axle.governance.adaptive-limit.min-limit", 50,
            "axle.governance.adaptive-limit.max-limit", 10)))
        .hasMessageContaining("axle.governance.adaptive-limit.min-limit: 50 (expected: at most "
            + "axle.governance.adaptive-limit.max-limit: 10)");
    // Vegas has no floor: its min-limit is not checked, but its start is.
    assertThatThrownBy(() -> GovernanceFixture.provider(runtimes, "highway", new Named("p"), Map.of(
            "axle.governance.adaptive-limit.algorithm", "vegas",
            "axle.governance.adaptive-limit.initial-limit", 50,
            "axle.governance.adaptive-limit.max-limit", 10)))
        .hasMessageContaining("axle.governance.adaptive-limit.initial-limit: 50 (expected: at most "
            + "axle.governance.adaptive-limit.max-limit: 10)");
  }

  @Test
  void badValues_stopTheStart_withTheExpectedValues() {
    assertThatThrownBy(() -> GovernanceFixture.provider(runtimes, "highway", new Named("p"), Map.of(
            "axle.governance.adaptive-limit.algorithm." + Runtimes.SCHEMA, "aimd",
            "axle.governance.provider.max-concurrent", -1,
            "axle.governance.breaker.failure-rate", 0)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("axle.governance.adaptive-limit.algorithm." + Runtimes.SCHEMA + ": aimd (expected: one of")
        .hasMessageContaining("axle.governance.provider.max-concurrent: -1 (expected: ")
        .hasMessageContaining("axle.governance.breaker.failure-rate: 0 (expected: ");
  }
}
