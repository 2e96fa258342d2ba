package io.axle.testing;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.registry.Endpoint;
import java.util.Map;

/**
 * Builds real runtimes on loopback with ephemeral ports, configured from key/value pairs only. Tests start
 * them through {@link AxleExtension}, which keeps their books and closes them; the builders here are what it
 * starts.
 */
public final class Runtimes {
  public static final String SERVICE = "echo-service";
  public static final String SCHEMA = "EchoService";

  private Runtimes() {
  }

  /** A config with nothing read from files, the environment or system properties. */
  public static AxleConfig config(Map<String, ?> entries) {
    AxleConfig.Builder builder = AxleConfig.builder();
    entries.forEach(builder::put);
    return builder.build();
  }

  /** A provider serving {@code impl} as {@link #SCHEMA} over the given transport on an ephemeral loopback port. */
  public static Axle.Builder providerBuilder(String transport, EchoService impl, Map<String, ?> extra) {
    Map<String, Object> entries = new java.util.LinkedHashMap<>();
    entries.put("axle.service.name", SERVICE);
    // Every transport on the class path serves, so each gets a free loopback port of its own.
    for (String present : transportsOnClassPath()) {
      entries.put("axle." + present + ".address", "127.0.0.1:0");
    }
    entries.put("axle." + transport + ".server.thread-count", 1);
    entries.put("axle." + transport + ".client.thread-count", 1);
    entries.putAll(extra);
    return Axle.builder().config(config(entries)).provider(SCHEMA, EchoService.class, impl);
  }

  /** The names of the transports found with {@link java.util.ServiceLoader}. */
  public static java.util.List<String> transportsOnClassPath() {
    return java.util.ServiceLoader.load(io.axle.transport.TransportFactory.class).stream()
        .map(p -> p.get().name()).toList();
  }

  /** A consumer whose registry points {@link #SERVICE} at {@code endpoint}. */
  public static Axle.Builder consumerBuilder(Endpoint endpoint, String transport, Map<String, ?> extra) {
    Map<String, Object> entries = new java.util.LinkedHashMap<>();
    entries.put("axle.service.name", "test-consumer");
    entries.put("axle.registry.local." + SERVICE, transport + "://127.0.0.1:" + endpoint.port());
    entries.put("axle.references.transport", transport);
    entries.put("axle." + transport + ".server.thread-count", 1);
    entries.put("axle." + transport + ".client.thread-count", 1);
    entries.putAll(extra);
    return Axle.builder().config(config(entries));
  }
}
