package io.axle.transport.types;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testing.Runtimes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Providers of the test contracts on loopback, and consumers that call them over one transport, started through
 * the test's {@link AxleExtension}.
 */
final class ContractServers {
  static final String SERVICE = "types-service";

  private ContractServers() {
  }

  /**
   * A provider with every transport on its own ephemeral loopback port and one server thread each;
   * {@code providers} adds the schemas it serves (and anything else the builder takes).
   */
  static Axle provider(AxleExtension runtimes, UnaryOperator<Axle.Builder> providers) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", SERVICE);
    for (String transport : Runtimes.transportsOnClassPath()) {
      entries.put("axle." + transport + ".address", "127.0.0.1:0");
      entries.put("axle." + transport + ".server.thread-count", 1);
    }
    return runtimes.start(providers.apply(Axle.builder().config(Runtimes.config(entries))));
  }

  /** A consumer whose registry has {@link #SERVICE} at the provider's endpoint of {@code transport}. */
  static Axle consumer(AxleExtension runtimes, Axle provider, String transport) {
    return runtimes.start(Axle.builder().config(Runtimes.config(Map.of(
        "axle.service.name", "types-consumer",
        "axle.registry.local." + SERVICE,
        transport + "://127.0.0.1:" + provider.endpoint(transport).orElseThrow().port(),
        "axle.references.transport", transport,
        "axle." + transport + ".client.thread-count", 1))));
  }

  /** {@code http://127.0.0.1:<port>} of the provider's REST server. */
  static String restBase(Axle provider) {
    return "http://127.0.0.1:" + provider.endpoint("rest").orElseThrow().port();
  }
}
