package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.axle.Axle;
import io.axle.config.ConfigException;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.LogCapture;
import io.axle.testing.Runtimes;
import io.netty.channel.epoll.Epoll;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code axle.transport.native}: calls over both transports on Netty's native epoll transport where
 * it loads (skipped with Netty's reason elsewhere), NIO when asked, and the start-up line that says
 * which one a runtime got.
 */
class NativeTransportTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private final LogCapture log = new LogCapture();

  @BeforeEach
  void capture() {
    log.install();
  }

  @AfterEach
  void release() {
    log.uninstall();
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void native_true_servesAndCallsOverEpoll_whereItLoads(String transport) {
    assumeTrue(Epoll.isAvailable(), () -> "native epoll does not load here: " + Epoll.unavailabilityCause());
    Map<String, Object> keys = Map.of("axle.transport.native", "true");
    try (Axle provider = runtimes.provider(transport, new EchoServiceImpl(), keys);
        Axle consumer = runtimes.consumer(provider, transport, keys)) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThat(echo.echo("over epoll")).isEqualTo("over epoll");
      assertThat(echo.add(40, 2)).isEqualTo(42);
    }
    assertThat(log.text()).contains("network transport: native epoll (axle.transport.native: true)")
        .doesNotContain("network transport: NIO");
  }

  @Test
  void native_auto_takesEpollWhereItLoads_andSaysWhichItGot() {
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
        Axle consumer = runtimes.consumer(provider, "highway", Map.of())) {
      assertThat(consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA).echo("auto"))
          .isEqualTo("auto");
    }
    if (Epoll.isAvailable()) {
      assertThat(log.text()).contains("network transport: native epoll (axle.transport.native: auto)");
    } else {
      assertThat(log.text()).contains("network transport: NIO (axle.transport.native: auto; native epoll does not "
          + "load on");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void native_false_staysOnNio(String transport) {
    Map<String, Object> keys = Map.of("axle.transport.native", "false");
    try (Axle provider = runtimes.provider(transport, new EchoServiceImpl(), keys);
        Axle consumer = runtimes.consumer(provider, transport, keys)) {
      assertThat(consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA).echo("nio"))
          .isEqualTo("nio");
    }
    assertThat(log.text()).contains("network transport: NIO (axle.transport.native: false)")
        .doesNotContain("network transport: native epoll");
  }

  @Test
  void native_true_whereItDoesNotLoad_stopsTheStartNamingTheKey() {
    assumeTrue(!Epoll.isAvailable(), "native epoll loads here; the refusal is for machines where it does not");
    assertThatThrownBy(() -> runtimes
        .provider("highway", new EchoServiceImpl(), Map.of("axle.transport.native", "true")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("axle.transport.native: true (expected: auto or false here: the native epoll transport "
            + "does not load on");
  }

  @Test
  void aValueOtherThanAutoTrueOrFalse_stopsTheStartNamingTheKey() {
    assertThatThrownBy(() -> runtimes
        .provider("highway", new EchoServiceImpl(), Map.of("axle.transport.native", "yes")))
        .hasMessageContaining("axle.transport.native: yes (expected: ");
  }
}
