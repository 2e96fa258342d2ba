package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.loadbalance.LoadBalancer;
import io.axle.registry.LocalRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.Runtimes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hedged requests ({@code axle.governance.hedge.delay}) against real providers: a call whose first
 * instance is slow is answered by a second attempt to another, the first attempt is cancelled (counted
 * out at once while its provider still works), and each hedge is paid for from the retry budget.
 */
@Timeout(60)
@org.junit.jupiter.api.Tag("slow") // timed scenarios (hedges, deadlines, balancing, overload): outside the fast subset
class HedgeTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  /** Picks the instance named "slow" whenever it is a candidate; records the calls in flight to it. */
  static final class SlowFirst implements LoadBalancer {
    final List<Integer> slowOutstanding = new CopyOnWriteArrayList<>();

    @Override
    public Candidate pick(List<? extends Candidate> candidates) {
      for (Candidate candidate : candidates) {
        if (candidate.instance().instanceId().equals("slow")) {
          slowOutstanding.add(candidate.outstanding());
          return candidate;
        }
      }
      return candidates.get(0);
    }

    @Override
    public boolean readsOutstanding() {
      return true;
    }
  }

  private static Axle consumer(LocalRegistry registry, String transport, SlowFirst balancer, Map<String, ?> extra) {
    Map<String, Object> keys = new java.util.LinkedHashMap<>();
    keys.put("axle.service.name", "test-consumer");
    keys.put("axle.references.transport", transport);
    keys.put("axle.loadbalance.strategy", "slow-first");
    keys.put("axle.governance.retry.idempotent", true);
    keys.put("axle.governance.hedge.delay", "100ms");
    keys.putAll(extra);
    return runtimes.start(Axle.builder().config(Runtimes.config(keys)).registry(registry)
        .loadBalancer("slow-first", () -> balancer));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aSlowFirstAttempt_isOvertakenByAHedge_andCancelled(String transport) {
    LocalRegistry registry = new LocalRegistry();
    SlowFirst balancer = new SlowFirst();
    try (Axle slow = NamedProviders.start(runtimes, registry, "slow", 1500, Map.of());
        Axle fast = NamedProviders.start(runtimes, registry, "fast", 0, Map.of());
        Axle consumer = consumer(registry, transport, balancer, Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

      assertThat(echo.echo("x")).as("the hedge's answer").isEqualTo("fast");
      // The next call's pick sees the slow instance with nothing in flight: the losing attempt was counted
      // out when it was cancelled, though its provider is still sleeping.
      assertThat(echo.echo("y")).isEqualTo("fast");
      assertThat(balancer.slowOutstanding).containsExactly(0, 0);
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aFastFirstAttempt_isNeverHedged_andAnOperationThatIsNotIdempotentNeither(String transport) {
    LocalRegistry registry = new LocalRegistry();
    SlowFirst balancer = new SlowFirst();
    try (Axle slow = NamedProviders.start(runtimes, registry, "slow", 0, Map.of());
        Axle fast = NamedProviders.start(runtimes, registry, "fast", 0, Map.of());
        Axle consumer = consumer(registry, transport, balancer, Map.of("axle.governance.hedge.delay", "1s"));
        Axle plain = consumer(registry, transport, new SlowFirst(), Map.of("axle.governance.retry.idempotent", false,
            "axle.governance.hedge.delay", "1ms"))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      // "slow" answers at once here: well within the delay, so nothing goes to "fast".
      for (int i = 0; i < 5; i++) {
        assertThat(echo.echo("x")).isEqualTo("slow");
      }

      EchoService notIdempotent = plain.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      for (int i = 0; i < 5; i++) {
        assertThat(notIdempotent.echo("x")).as("not idempotent: never hedged").isEqualTo("slow");
      }
      assertThat(fast.endpoint(transport)).isPresent();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway"})
  void hedges_spendTheRetryBudget(String transport) {
    LocalRegistry registry = new LocalRegistry();
    SlowFirst balancer = new SlowFirst();
    // 800 ms: room for a hedge's first connection to "fast" on a slow machine.
    try (Axle slow = NamedProviders.start(runtimes, registry, "slow", 800, Map.of());
        Axle fast = NamedProviders.start(runtimes, registry, "fast", 0, Map.of());
        Axle consumer = consumer(registry, transport, balancer,
            Map.of("axle.governance.retry.budget-percent", 50, "axle.governance.retry.budget-min-per-second", 0))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

      // Each call deposits half a retry and a hedge withdraws one: every second call can pay for a hedge.
      List<String> answers = java.util.stream.IntStream.range(0, 4).mapToObj(i -> echo.echo("x")).toList();

      assertThat(answers).containsExactly("slow", "fast", "slow", "fast");
    }
  }
}
