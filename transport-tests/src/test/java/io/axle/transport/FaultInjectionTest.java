package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.Status;
import io.axle.config.ConfigException;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Provider fault injection ({@code axle.governance.fault.*}) on real providers and consumers: an
 * aborted call fails with the configured status, names the key, and never runs its method; a
 * delayed one answers late; the share is a share; other operations are untouched.
 */
@Timeout(60)
class FaultInjectionTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static Axle provider(String transport, EchoService impl, Map<String, Object> faults) {
    Map<String, Object> keys = new LinkedHashMap<>(CrossTransportTest.providerConfig(transport, Map.of()));
    keys.put("axle.service.name", Runtimes.SERVICE);
    keys.putAll(faults);
    return runtimes.start(Axle.builder().config(Runtimes.config(keys))
        .provider(Runtimes.SCHEMA, EchoService.class, impl));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void anAbortedCall_failsWithTheStatus_namingTheKey_andItsMethodNeverRuns(String transport) {
    AtomicInteger ran = new AtomicInteger();
    EchoServiceImpl counting = new EchoServiceImpl() {
      @Override
      public String echo(String message) {
        ran.incrementAndGet();
        return message;
      }
    };
    try (Axle provider = provider(transport, counting,
            Map.of("axle.governance.fault.abort." + Runtimes.SCHEMA + ".echo", "OVERLOADED"));
        Axle consumer = runtimes.consumer(provider, transport, Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      CrossTransportTest.Outcome outcome = CrossTransportTest.Outcome.of(() -> echo.echo("x"));
      assertThat(outcome).isEqualTo(new CrossTransportTest.Outcome(Status.OVERLOADED, "EchoService.echo failed by "
          + "fault injection (axle.governance.fault.abort.EchoService.echo: OVERLOADED, 100% of calls)", null));
      assertThat(ran).hasValue(0);
      // Another operation of the schema is not affected.
      assertThat(echo.sleepEcho("fine", 0)).isEqualTo("fine");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aDelayedCall_answersAfterTheDelay_andTimesOutWhenTheDelayIsLonger(String transport) {
    try (Axle provider = provider(transport, new EchoServiceImpl(),
            Map.of("axle.governance.fault.delay." + Runtimes.SCHEMA, "300ms"));
        Axle consumer = runtimes.consumer(provider, transport, Map.of());
        Axle impatient = runtimes.consumer(provider, transport, Map.of("axle.request.timeout", "100ms"))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      long start = System.nanoTime();
      assertThat(echo.echo("late")).isEqualTo("late");
      assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isGreaterThanOrEqualTo(300);

      EchoService hurried = impatient.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThat(CrossTransportTest.Outcome.of(() -> hurried.echo("late")).status())
          .isEqualTo(Status.DEADLINE_EXCEEDED);
    }
  }

  @Test
  void aShareOfCalls_isAborted() {
    try (Axle provider = provider("highway", new EchoServiceImpl(),
            Map.of("axle.governance.fault.abort", "PROVIDER_ERROR", "axle.governance.fault.abort-percent", 30));
        Axle consumer = runtimes.consumer(provider, "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      int failed = 0;
      for (int i = 0; i < 1000; i++) {
        if (CrossTransportTest.Outcome.of(() -> echo.echo("x")).status() == Status.PROVIDER_ERROR) {
          failed++;
        }
      }
      // Binomial(1000, 0.3): 300 expected, outside 220..380 with a probability below one in a billion.
      assertThat(failed).isBetween(220, 380);
    }
  }

  @Test
  void aBadFaultKey_stopsTheStart_withTheExpectedValues() {
    assertThatThrownBy(() -> provider("highway", new EchoServiceImpl(),
        Map.of("axle.governance.fault.abort.EchoService", "TEAPOT", "axle.governance.fault.abort-percent", 150)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("axle.governance.fault.abort.EchoService: TEAPOT (expected: one of")
        .hasMessageContaining("axle.governance.fault.abort-percent: 150 (expected: ");
  }
}
