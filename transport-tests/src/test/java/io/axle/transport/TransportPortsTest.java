package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Each transport gets a port of its own, whether chosen by the system or by the user. */
class TransportPortsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void bothTransportsOnPortZero_getDistinctPorts() {
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of())) {
      int highway = provider.endpoint("highway").orElseThrow().port();
      int rest = provider.endpoint("rest").orElseThrow().port();
      assertThat(highway).isPositive().isNotEqualTo(rest);
    }
  }

  @Test
  void bothTransportsOnOneExplicitPort_failStartUpNamingBothKeys() throws IOException {
    int port;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = probe.getLocalPort();
    }
    Map<String, Object> config = Map.of("axle.highway.address", "127.0.0.1:" + port,
        "axle.rest.address", "127.0.0.1:" + port);
    assertThatThrownBy(() -> Axle.builder().config(Runtimes.config(config))
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()).start())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("highway and rest both listen on port " + port + " (expected: a port of its own for each "
            + "transport; change axle.highway.address or axle.rest.address)");
    // Nothing is left listening: the port can be bound again.
    try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      assertThat(again.getLocalPort()).isEqualTo(port);
    }
  }
}
