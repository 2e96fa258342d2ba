package io.axle.transport;

import io.axle.Axle;
import io.axle.registry.LocalRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Providers of {@link Runtimes#SERVICE} for tests of several instances: each registered in one
 * shared {@link LocalRegistry} under its own instance id, its echo answering with that id, so a
 * caller sees which instance answered. Started through the test's {@link AxleExtension}, which keeps their books.
 */
final class NamedProviders {
  private NamedProviders() {
  }

  /**
   * A provider named {@code name} whose echo takes {@code delayMs} (on a virtual thread), with
   * {@code extraKeys} on top of its configuration.
   */
  static Axle start(AxleExtension runtimes, LocalRegistry registry, String name, int delayMs,
      Map<String, Object> extraKeys) {
    Map<String, Object> entries = new LinkedHashMap<>(CrossTransportTest.providerConfig("highway", Map.of()));
    entries.put("axle.service.name", Runtimes.SERVICE);
    entries.put("axle.registry.instance-id", name);
    entries.put("axle.executors.default", "virtual");
    entries.putAll(extraKeys);
    EchoServiceImpl impl = new EchoServiceImpl() {
      @Override
      public String echo(String message) {
        if (delayMs > 0) {
          try {
            Thread.sleep(delayMs);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
        return name;
      }
    };
    return runtimes.start(Axle.builder().config(Runtimes.config(entries)).registry(registry)
        .provider(Runtimes.SCHEMA, EchoService.class, impl));
  }
}
