package io.axle.testkit;

import io.axle.Axle;
import io.axle.Filter;
import io.axle.InvocationListener;
import io.axle.config.AxleConfig;
import io.axle.registry.Endpoint;
import io.axle.transport.TransportFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;

/**
 * A real provider for a test: serves its schemas on every transport on the class path, each on an
 * ephemeral port of {@code 127.0.0.1}, with one event loop per transport and side, and reads no
 * file, environment variable or system property. Close it when the test ends.
 *
 * <pre>{@code
 * try (TestProvider orders = TestProvider.builder("orders")
 *         .provider("OrderApi", OrderApi.class, new OrderService()).start();
 *     Axle consumer = orders.consumer("highway").start()) {
 *   OrderApi api = consumer.reference(OrderApi.class, "orders");
 *   ...
 * }
 * }</pre>
 */
public final class TestProvider implements AutoCloseable {
  private final String serviceName;
  private final Axle axle;

  private TestProvider(String serviceName, Axle axle) {
    this.serviceName = serviceName;
    this.axle = axle;
  }

  /** A provider of the service {@code serviceName}. */
  public static Builder builder(String serviceName) {
    return new Builder(serviceName);
  }

  public String serviceName() {
    return serviceName;
  }

  /** The running provider. */
  public Axle axle() {
    return axle;
  }

  /** The address {@code transport} is bound to. */
  public Endpoint endpoint(String transport) {
    return axle.endpoint(transport).orElseThrow(() -> new IllegalArgumentException("transport: " + transport
        + " (expected: one the provider serves: " + TestProvider.transports() + ")"));
  }

  /** The registry entry that reaches it over {@code transport}: {@code highway://127.0.0.1:41234}. */
  public String registryEntry(String transport) {
    Endpoint endpoint = endpoint(transport);
    return transport + "://" + endpoint.host() + ":" + endpoint.port();
  }

  /**
   * A consumer's configuration that calls this provider over {@code transport}: its registry
   * entry, the transport for every reference, one client event loop per transport, and no server.
   * Add to it, then build it into a config.
   */
  public Map<String, Object> consumerConfig(String transport) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", serviceName + "-test-consumer");
    entries.put("axle.registry.local." + serviceName, registryEntry(transport));
    entries.put("axle.references.transport", transport);
    for (String each : transports()) {
      entries.put("axle." + each + ".server.thread-count", 1);
      entries.put("axle." + each + ".client.thread-count", 1);
    }
    return entries;
  }

  /** A consumer builder configured by {@link #consumerConfig}; add filters or listeners, then start it. */
  public Axle.Builder consumer(String transport) {
    return Axle.builder().config(config(consumerConfig(transport)));
  }

  @Override
  public void close() {
    axle.stop();
  }

  /** The names of the transports on the class path. */
  static List<String> transports() {
    return ServiceLoader.load(TransportFactory.class).stream().map(p -> p.get().name()).toList();
  }

  static AxleConfig config(Map<String, Object> entries) {
    AxleConfig.Builder builder = AxleConfig.builder();
    entries.forEach(builder::put);
    return builder.build();
  }

  /** Collects the schemas, filters and configuration of a {@link TestProvider}. */
  public static final class Builder {
    private final String serviceName;
    private final Map<String, Object> config = new LinkedHashMap<>();
    private final List<java.util.function.Consumer<Axle.Builder>> steps = new ArrayList<>();

    private Builder(String serviceName) {
      if (serviceName == null || serviceName.isBlank()) {
        throw new IllegalArgumentException("serviceName: " + serviceName + " (expected: a service name, e.g. orders)");
      }
      this.serviceName = serviceName;
    }

    /** Serves {@code implementation} as schema {@code schemaId}. */
    public <T> Builder provider(String schemaId, Class<T> schemaInterface, T implementation) {
      Objects.requireNonNull(implementation, "implementation");
      steps.add(b -> b.provider(schemaId, schemaInterface, implementation));
      return this;
    }

    /** A provider filter. */
    public Builder filter(Filter filter) {
      Objects.requireNonNull(filter, "filter");
      steps.add(b -> b.providerFilter(filter));
      return this;
    }

    /**
     * Hears the stages and the end of every call the provider serves (see {@link InvocationListener}), e.g. a
     * test's check that each call ended once.
     */
    public Builder listener(InvocationListener listener) {
      Objects.requireNonNull(listener, "listener");
      steps.add(b -> b.listener(listener));
      return this;
    }

    /**
     * Registers in {@code registry} (say a {@link io.axle.registry.LocalRegistry} its consumers share)
     * instead of the one the configuration names; the caller closes it.
     */
    public Builder registry(io.axle.registry.Registry registry) {
      Objects.requireNonNull(registry, "registry");
      steps.add(b -> b.registry(registry));
      return this;
    }

    /** A configuration entry, e.g. {@code ("axle.executors.default", "inline")}; overrides the defaults. */
    public Builder config(String key, Object value) {
      config.put(key, value);
      return this;
    }

    /** Starts the provider; blocks until every transport listens. */
    public TestProvider start() {
      Map<String, Object> entries = new LinkedHashMap<>();
      entries.put("axle.service.name", serviceName);
      for (String transport : transports()) {
        entries.put("axle." + transport + ".address", "127.0.0.1:0");
        entries.put("axle." + transport + ".server.thread-count", 1);
        entries.put("axle." + transport + ".client.thread-count", 1);
      }
      entries.putAll(config);
      Axle.Builder builder = Axle.builder().config(TestProvider.config(entries));
      steps.forEach(step -> step.accept(builder));
      return new TestProvider(serviceName, builder.start());
    }
  }
}
