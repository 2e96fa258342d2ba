package io.axle.governance;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.governance.GovernanceFixture.Named;
import io.axle.governance.GovernanceFixture.Outcome;
import io.axle.registry.LocalRegistry;
import io.axle.testing.EchoService;
import io.axle.testing.Runtimes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A provider's refusal before running a call is marked not run on the wire, so the consumer sends
 * the call to another instance even for an operation that is not idempotent; the method runs once.
 * Each such resend spends the service's retry budget, so an overload of every instance is not
 * doubled.
 */
@Timeout(60)
class NotRunFailoverTest {

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aCallRefusedBeforeItRan_goesToAnotherInstance_andRunsOnce(String transport) {
    LocalRegistry registry = new LocalRegistry();
    Named busy = new Named("busy");
    Named free = new Named("free");
    String limit = "axle.governance.provider.max-concurrent." + Runtimes.SCHEMA + ".sleepEcho";
    try (Axle a = GovernanceFixture.registered(registry, transport, busy, Map.of(limit, 1));
        Axle b = GovernanceFixture.registered(registry, transport, free, Map.of());
        Axle direct = Runtimes.consumer(a, transport, Map.of());
        // A refusal sent elsewhere spends the retry budget; at 100% each answer pays for one.
        Axle consumer = Axle.builder().config(Runtimes.config(Map.of("axle.service.name", "test-consumer",
            "axle.references.transport", transport, "axle.governance.retry.budget-percent", 100)))
            .registry(registry).start()) {
      // Hold the one slot of "busy" for the whole test.
      EchoService toBusy = direct.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      CompletableFuture<String> holding = CompletableFuture.supplyAsync(() -> toBusy.sleepEcho("hold", 3000));
      awaitRuns(busy, 1);

      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      List<Outcome> outcomes = java.util.stream.IntStream.range(0, 10)
          .mapToObj(i -> Outcome.of(() -> echo.sleepEcho("x", 0))).toList();

      assertThat(outcomes).allSatisfy(o -> assertThat(o.value()).isEqualTo("free"));
      assertThat(free.runs).hasValue(10);
      assertThat(busy.runs).as("only the call holding its slot ran there").hasValue(1);
      assertThat(holding.join()).isEqualTo("busy");
    }
  }

  private static void awaitRuns(Named impl, int runs) {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (impl.runs.get() < runs) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the holding call never started on " + impl.name);
      }
      Thread.onSpinWait();
    }
  }
}
