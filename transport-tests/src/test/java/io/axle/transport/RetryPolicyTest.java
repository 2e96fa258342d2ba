package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.Call;
import io.axle.Status;
import io.axle.registry.LocalRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.LogCapture;
import io.axle.testing.Runtimes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Retries ({@code axle.governance.retry.*}) with real providers sharing a registry: an idempotent
 * call that failed on one instance is sent to the other and succeeds; a call that is not
 * idempotent and reached a provider is never sent again; and the budget stops a retry storm when
 * every instance fails. Attempts are counted where the transport is handed the call.
 */
@Timeout(60)
class RetryPolicyTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  /** A provider answering with {@code name}, failing every echo with PROVIDER_ERROR when {@code faulty}. */
  private static Axle provider(LocalRegistry registry, String name, boolean faulty) {
    return NamedProviders.start(runtimes, registry, name, 0, faulty
        ? Map.of("axle.governance.fault.abort." + Runtimes.SCHEMA + ".echo", "PROVIDER_ERROR") : Map.of());
  }

  /** A consumer whose every attempt is counted by a listener where the transport is handed the call. */
  private static Axle consumer(LocalRegistry registry, String transport, Map<String, Object> extra,
      AtomicInteger attempts) {
    return consumer(registry, transport, extra, attempts, new AtomicInteger());
  }

  /** As above; {@code againAtEnd} adds up what each call says, as it ends, of the attempts it sent again. */
  private static Axle consumer(LocalRegistry registry, String transport, Map<String, Object> extra,
      AtomicInteger attempts, AtomicInteger againAtEnd) {
    Map<String, Object> keys = new LinkedHashMap<>(CrossTransportTest.config(extra));
    keys.put("axle.service.name", "retrying-consumer");
    keys.put("axle.references.transport", transport);
    // Each attempt, retries included, is handed to the transport once: CONSUMER_SEND.
    return runtimes.start(Axle.builder().config(Runtimes.config(keys)).registry(registry)
        .listener(new io.axle.InvocationListener() {
          @Override
          public void onStage(Call invocation, io.axle.Stage stage) {
            if (stage == io.axle.Stage.CONSUMER_SEND) {
              attempts.incrementAndGet();
            }
          }

          @Override
          public void onEnd(Call invocation, io.axle.Response response) {
            againAtEnd.addAndGet(invocation.extraAttempts());
          }
        }));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void anIdempotentCall_isRetriedOnTheOtherInstance_andOneThatIsNot_isNeverSentAgain(String transport) {
    LocalRegistry registry = new LocalRegistry();
    AtomicInteger attempts = new AtomicInteger();
    AtomicInteger againAtEnd = new AtomicInteger();
    LogCapture log = new LogCapture();
    log.install();
    try (Axle faulty = provider(registry, "faulty", true); Axle healthy = provider(registry, "healthy", false);
        // A budget of 100%: every failure may be retried (the budget has a test of its own below).
        Axle consumer = consumer(registry, transport, Map.of("axle.governance.retry.idempotent." + Runtimes.SERVICE
            + "." + Runtimes.SCHEMA + ".echo", true, "axle.governance.retry.budget-percent", 100), attempts,
            againAtEnd);
        Axle plain = consumer(registry, transport, Map.of(), new AtomicInteger())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      for (int i = 0; i < 10; i++) {
        int before = attempts.get();
        assertThat(echo.echo("x")).isEqualTo("healthy");
        // One attempt when the first pick was the healthy one, two when it was the faulty one.
        assertThat(attempts.get() - before).isBetween(1, 2);
      }
      assertThat(attempts.get()).as("some first picks were the faulty instance").isGreaterThan(10);
      // What the caller did not see shows: on each call (hence the metrics windows), in the policy states
      // (the windows' governance line, Actuator's policies) and in the log.
      assertThat(againAtEnd.get()).isEqualTo(attempts.get() - 10);
      assertThat(consumer.policyStates()).contains(new io.axle.policy.PolicyState(
          "retry " + Runtimes.SERVICE + "/" + Runtimes.SCHEMA + ".echo",
          "2 attempts, " + againAtEnd.get() + " sent again, 0 refused by the budget"));
      assertThat(log.text()).contains("INFO io.axle.consumer - retry: " + Runtimes.SERVICE + "/" + Runtimes.SCHEMA
          + ".echo attempt 2 of 2 after PROVIDER_ERROR: ");

      EchoService once = plain.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      int failed = 0;
      for (int i = 0; i < 10; i++) {
        if (CrossTransportTest.Outcome.of(() -> once.echo("x")).status() == Status.PROVIDER_ERROR) {
          failed++;
        }
      }
      assertThat(failed).isEqualTo(5);
      assertThat(plain.policyStates()).as("no retry link, nothing to show").isEmpty();
    } finally {
      log.uninstall();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void whenEveryInstanceFails_theBudgetStopsTheRetries(String transport) {
    LocalRegistry registry = new LocalRegistry();
    AtomicInteger attempts = new AtomicInteger();
    try (Axle one = provider(registry, "one", true); Axle two = provider(registry, "two", true);
        Axle consumer = consumer(registry, transport, Map.of("axle.governance.retry.idempotent", true,
            "axle.governance.retry.attempts", 3, "axle.governance.retry.backoff", "0ms",
            "axle.governance.retry.budget-min-per-second", 0), attempts)) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      for (int i = 0; i < 100; i++) {
        assertThat(CrossTransportTest.Outcome.of(() -> echo.echo("x")).status()).isEqualTo(Status.PROVIDER_ERROR);
      }
      // Each call deposits a tenth of a retry and there is no reserve: every tenth call can pay for one
      // retry, never two: 110 attempts where three a call would have made 300.
      assertThat(attempts.get()).isEqualTo(110);
      // Each call asked the budget once more than it was paid: 90 first failures and the 10 retried ones.
      assertThat(consumer.policyStates()).containsExactly(new io.axle.policy.PolicyState(
          "retry " + Runtimes.SERVICE + "/" + Runtimes.SCHEMA + ".echo",
          "3 attempts, 10 sent again, 100 refused by the budget"));
    }
  }
}
