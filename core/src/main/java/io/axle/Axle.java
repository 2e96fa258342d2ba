package io.axle;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigRefusal;
import io.axle.config.ConfigVersion;
import io.axle.executor.AxleExecutor;
import io.axle.internal.AxleRuntime;
import io.axle.internal.RuntimeSpec;
import io.axle.loadbalance.LoadBalancer;
import io.axle.policy.PolicyState;
import io.axle.registry.Endpoint;
import io.axle.registry.Registry;
import io.axle.transport.HttpEndpoint;
import io.axle.transport.TransportFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A running Axle microservice: the providers it serves, the transports it serves them on, and
 * the references it calls other services through.
 *
 * <pre>{@code
 * Axle axle = Axle.builder()
 *     .config(AxleConfig.load(args))
 *     .provider("PerfService", PerfService.class, new PerfServiceImpl())
 *     .start();
 * PerfService remote = axle.reference(PerfService.class, "perf1", "PerfService");
 * }</pre>
 *
 * <p>Immutable once started, and thread-safe. {@link #close()} stops gracefully.
 */
public final class Axle implements AutoCloseable {
  private final AxleRuntime runtime;

  private Axle(AxleRuntime runtime) {
    this.runtime = runtime;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * A proxy for a schema of a service. The transport, timeout and instances of each operation
   * are resolved on the first call from {@code axle.references.transport.*},
   * {@code axle.request.timeout.*} and the registry; later calls with the same interface, service
   * and schema return the same proxy (thread-safe, meant to be shared).
   *
   * @throws IllegalArgumentException when the registry knows no such service, naming the ones
   *     it knows
   */
  public <T> T reference(Class<T> schemaInterface, String serviceName, String schemaId) {
    return runtime.reference(schemaInterface, serviceName, schemaId);
  }

  /** A proxy whose schema id is the interface's simple name. */
  public <T> T reference(Class<T> schemaInterface, String serviceName) {
    return reference(schemaInterface, serviceName, schemaInterface.getSimpleName());
  }

  /** Where a transport listens (with the port actually bound), if it serves anything. */
  public Optional<Endpoint> endpoint(String transport) {
    return runtime.endpoint(transport);
  }

  /** The configuration in force: the one started with, and the changes {@link #reconfigure} took since. */
  public AxleConfig config() {
    return runtime.config();
  }

  /**
   * Changes the configuration of this running service (docs/live-configuration.md). {@code values} become the
   * whole layer of {@code source}, above the start's configuration: a key its last change set and this one
   * leaves out falls back to what is below. The change is applied as a whole or not at all: validated as at
   * start; refused when it changes a key that is read only at start ({@link io.axle.config.ConfigKey#isLive()});
   * then every served operation and every operation of the references made takes its new executor and chain
   * with its next call, while calls in flight finish as they started.
   *
   * @param source where the change comes from, named in logs and versions, e.g. {@code actuator}
   * @param values keys in {@code axle.} spelling and their values, as a file would give them
   * @return the version now in force; the same one when nothing in force changed
   * @throws io.axle.config.ConfigException naming every problem (key, value, what is expected, source) when
   *     the change is refused; nothing of it was applied
   */
  public ConfigVersion reconfigure(String source, Map<String, ?> values) {
    return runtime.reconfigure(source, values);
  }

  /** The configuration version in force: 1 at start, one more for each change taken. */
  public ConfigVersion configVersion() {
    return runtime.configVersion();
  }

  /** The last change {@link #reconfigure} refused, if any. */
  public Optional<ConfigRefusal> lastRefusedChange() {
    return runtime.lastRefusedChange();
  }

  /** The operations this runtime serves, each with its executor and provider chain, as logged at start. */
  public java.util.List<OperationInfo> operations() {
    return runtime.operations();
  }

  /**
   * The consumer chain of an operation that is not idempotent and that no governance key applies to, e.g.
   * {@code [observation, endpoint-selection(round-robin)] -> transport}, as logged at start. An idempotent
   * operation gets a retry link by default, and governance adds links: {@link #consumerChains()} lists each
   * operation of the references made with its own.
   */
  public String consumerChain() {
    return runtime.consumerChain();
  }

  /**
   * Each operation of the references made so far, {@code service/schemaId.operation}, with the chain its
   * calls pass, e.g. {@code [observation, max-concurrent(100), retry(3 attempts),
   * endpoint-selection(round-robin), breaker-per-instance(…)] -> transport}. Sorted by operation.
   */
  public Map<String, String> consumerChains() {
    return runtime.consumerChains();
  }

  /**
   * The executors provider operations run on, by name ({@code group}, {@code virtual},
   * {@code inline}, or a registered name), for pool statistics. Read-only.
   */
  public Map<String, AxleExecutor> executors() {
    return runtime.executors();
  }

  /**
   * The states of the governance policies worth showing now (open or half-open breakers, adaptive
   * limits), as each metrics window reports them. Empty without a policy module or policies.
   */
  public java.util.List<PolicyState> policyStates() {
    return runtime.policyStates();
  }

  /**
   * This runtime's consumer calls in flight now, by the endpoint each was sent to (transport, host and port); an
   * endpoint with none may be absent. For figures: counters read one after another, not one instant's snapshot.
   */
  public Map<Endpoint, Integer> consumerCallsInFlight() {
    return runtime.consumerCallsInFlight();
  }

  /** The registry this runtime uses, and whether it can be reached now (for health checks). */
  public io.axle.registry.RegistryState registryState() {
    return runtime.registryState();
  }

  /** Stops within {@code axle.shutdown.timeout}. */
  public void stop() {
    runtime.stop(null);
  }

  /**
   * Stops gracefully: servers take no new connections and tell their clients, in-flight calls
   * finish within the grace period, calls still open after it fail with a reason, then every
   * thread is released. Idempotent.
   */
  public void stop(Duration grace) {
    runtime.stop(Objects.requireNonNull(grace, "grace"));
  }

  @Override
  public void close() {
    stop();
  }

  /** Assembles a runtime. Setters map to what {@code microservice.yaml} cannot express: code. */
  public static final class Builder {
    /** Everything set so far: what the runtime is built from. */
    private final RuntimeSpec spec = new RuntimeSpec();

    private Builder() {
    }

    /** The configuration; {@link AxleConfig#load(String...)} with no arguments when not set. */
    public Builder config(AxleConfig config) {
      spec.config = Objects.requireNonNull(config, "config");
      return this;
    }

    /** Serves {@code implementation} as schema {@code schemaId} with the operations of {@code schemaInterface}. */
    public <T> Builder provider(String schemaId, Class<T> schemaInterface, T implementation) {
      return provider(schemaId, schemaInterface, implementation, List.of());
    }

    /**
     * Serves {@code implementation} as schema {@code schemaId} on the named transports only (all of
     * them when empty), e.g. {@code List.of("rest")} for a REST-first interface.
     * {@code axle.schemas.<schemaId>.transports} overrides this.
     */
    public <T> Builder provider(String schemaId, Class<T> schemaInterface, T implementation, List<String> transports) {
      spec.providers.add(new RuntimeSpec.ProviderRegistration(schemaId, schemaInterface,
          Objects.requireNonNull(implementation, "implementation"), List.copyOf(transports)));
      return this;
    }

    /** A filter on both chains, after those added before it. */
    public Builder filter(Filter filter) {
      consumerFilter(filter);
      return providerFilter(filter);
    }

    public Builder consumerFilter(Filter filter) {
      spec.consumerFilters.add(Objects.requireNonNull(filter, "filter"));
      return this;
    }

    public Builder providerFilter(Filter filter) {
      spec.providerFilters.add(Objects.requireNonNull(filter, "filter"));
      return this;
    }

    /**
     * Hears the stages and the end of every call, consumer and provider, on every transport
     * (see {@link InvocationListener} for the contract).
     */
    public Builder listener(InvocationListener listener) {
      spec.listeners.add(Objects.requireNonNull(listener, "listener"));
      return this;
    }

    /**
     * Vert.x's metrics SPI for the runtime's Vert.x instance: what the socket-level figures
     * (bytes read and written per connection) are taken from. One per runtime.
     */
    public Builder vertxMetrics(io.vertx.core.spi.VertxMetricsFactory factory) {
      spec.vertxMetrics = Objects.requireNonNull(factory, "factory");
      return this;
    }

    /** A document the REST transport offers at {@code GET endpoint.path()} (see {@link HttpEndpoint}). */
    public Builder httpEndpoint(HttpEndpoint endpoint) {
      spec.httpEndpoints.add(Objects.requireNonNull(endpoint, "endpoint"));
      return this;
    }

    /**
     * A named executor that {@code axle.executors.*} can select. The runtime shuts it down when
     * it stops.
     */
    public Builder executor(String name, AxleExecutor executor) {
      if (AxleRuntime.BUILT_IN_EXECUTORS.contains(name)) {
        throw new IllegalArgumentException("executor name: " + name
            + " (expected: a name other than the built-in inline, group and virtual)");
      }
      spec.executors.put(name, Objects.requireNonNull(executor, "executor"));
      return this;
    }

    /**
     * A named load balancer that {@code axle.loadbalance.strategy.*} can select; each operation of
     * a reference gets its own from {@code factory}.
     */
    public Builder loadBalancer(String name, Supplier<? extends LoadBalancer> factory) {
      if (AxleRuntime.BUILT_IN_LOAD_BALANCERS.contains(name)) {
        throw new IllegalArgumentException("load balancer name: " + name + " (expected: a name other than the "
            + "built-in " + AxleRuntime.BUILT_IN_LOAD_BALANCERS + ")");
      }
      spec.loadBalancers.put(name, Objects.requireNonNull(factory, "factory"));
      return this;
    }

    /**
     * Also takes configuration changes from {@code source}, besides the sources found with {@link
     * java.util.ServiceLoader} (docs/live-configuration.md).
     */
    public Builder configSource(io.axle.config.ConfigSource source) {
      spec.configSources.add(Objects.requireNonNull(source, "source"));
      return this;
    }

    /**
     * Uses this registry instead of the one {@code axle.registry.type} names; the caller closes it,
     * after the runtime stopped.
     */
    public Builder registry(Registry registry) {
      spec.registry = Objects.requireNonNull(registry, "registry");
      return this;
    }

    /**
     * Uses these transports instead of those found on the class path with
     * {@link java.util.ServiceLoader}.
     */
    public Builder transport(TransportFactory factory) {
      spec.transports.add(Objects.requireNonNull(factory, "factory"));
      return this;
    }

    /**
     * Validates the configuration, starts the transports and serves the providers.
     *
     * @throws io.axle.config.ConfigException listing every bad key
     */
    public Axle start() {
      return new Axle(AxleRuntime.start(spec));
    }
  }
}
