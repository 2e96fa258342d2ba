package io.axle.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fixture as a user's test would use it: a real provider on loopback, called over each transport. */
class TestProviderTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aConsumerBuiltFromTheFixture_callsTheProviderOverTheTransport(String transport) {
    try (TestProvider echo = TestProvider.builder("echo").provider("EchoService", EchoService.class,
            new EchoServiceImpl()).config("axle.executors.default", "inline").listener(runtimes.listener("echo"))
            .start();
        Axle consumer = runtimes.start(echo.consumer(transport))) {
      assertThat(echo.registryEntry(transport)).matches(transport + "://127\\.0\\.0\\.1:[1-9][0-9]*");
      assertThat(echo.endpoint(transport).port()).isNotEqualTo(0);
      EchoService api = consumer.reference(EchoService.class, "echo", "EchoService");
      assertThat(api.echo("over " + transport)).isEqualTo("over " + transport);
      assertThat(api.threadInfo()).contains("eventloop");
    }
  }

  @ParameterizedTest(name = "[{index}] \"{0}\"")
  @ValueSource(strings = {"", " "})
  void aBlankServiceName_isRefusedWithTheFix(String name) {
    assertThatThrownBy(() -> TestProvider.builder(name))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("serviceName: " + name + " (expected: a service name, e.g. orders)");
  }

  @org.junit.jupiter.api.Test
  void anUnknownTransport_isNamedWithThoseServed() {
    try (TestProvider echo = TestProvider.builder("echo").provider("EchoService", EchoService.class,
        new EchoServiceImpl()).start()) {
      assertThatThrownBy(() -> echo.endpoint("grpc")).hasMessage("transport: grpc (expected: one the provider serves: "
          + TestProvider.transports() + ")");
    }
  }
}
