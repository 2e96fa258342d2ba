package io.axle.internal;

import io.axle.AxleException;
import io.axle.Filter;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeys;
import io.axle.config.CoreConfigKeys;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.executor.AxleExecutor;
import io.axle.internal.RuntimeSpec.ProviderRegistration;
import io.axle.policy.PolicyFactory;
import io.axle.policy.PolicyState;
import io.axle.registry.Endpoint;
import io.axle.registry.Registry;
import io.axle.registry.ServiceInstances;
import io.axle.transport.HttpEndpoint;
import io.axle.transport.InFlightCalls;
import io.axle.transport.NativeTransport;
import io.axle.transport.ProviderOperation;
import io.axle.transport.ProviderOperations;
import io.axle.transport.Transport;
import io.axle.transport.TransportContext;
import io.axle.transport.TransportFactory;
import io.axle.transport.UnmatchedRequests;
import io.axle.transport.tls.Tls;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What {@link io.axle.Axle} delegates to: start-up, references and graceful stop. */
public final class AxleRuntime {
  private static final Logger log = LoggerFactory.getLogger(AxleRuntime.class);

  /** Executor names the runtime defines itself. */
  public static final Set<String> BUILT_IN_EXECUTORS = Set.of("inline", "group", "virtual");
  /** Load balancer names the runtime defines itself. */
  public static final Set<String> BUILT_IN_LOAD_BALANCERS = LoadBalancers.BUILT_IN.keySet();

  /** The configuration in force and the changes the runtime takes (docs/live-configuration.md). */
  private final LiveConfig live;
  private final Registry registry;
  /** True when the runtime made the registry from configuration, and so closes it. */
  private final boolean ownsRegistry;
  private final EndpointStates endpointStates;
  private volatile SelfRegistration registration;
  /** The policy modules on the class path (docs/governance.md). */
  private final List<PolicyFactory> policies;
  private final List<Filter> consumerFilters;
  private final List<Filter> providerFilters;
  private final Map<String, Supplier<? extends io.axle.loadbalance.LoadBalancer>> registeredLoadBalancers;
  private final LinkObserver linkObserver;
  private final RetryPolicy.Delayer delayer;
  /** What the configuration in force assembles chains with; replaced whole when it changes. */
  private volatile Assembly assembly;
  private final InvocationListener listener;
  private final Vertx vertx;
  /**
   * Serialises the making of references with configuration changes, so that no reference is assembled from
   * a configuration a change is replacing.
   */
  private final Object wiringLock = new Object();

  /** What one configuration assembles chains with: its executors, load balancers and both sides' assemblers. */
  private record Assembly(AxleConfig config, ExecutorRegistry executors, LoadBalancers loadBalancers,
      ConsumerChains consumerChains, ProviderChains providerChains) {
  }
  private final Map<String, Transport> transports = new LinkedHashMap<>();
  private final Map<String, Endpoint> boundEndpoints = new LinkedHashMap<>();
  private final AtomicBoolean stopped = new AtomicBoolean();
  /** Provider calls taken and not yet answered, whatever became of their connections. */
  private final InFlightCalls providerCalls = new InFlightCalls();
  /**
   * One proxy per interface, service and schema: each proxy's operations watch the registry until
   * the runtime stops, so a new proxy per call of {@link #reference} would pile up watchers.
   */
  private final Map<ReferenceKey, Object> references = new ConcurrentHashMap<>();
  /**
   * Each operation of the references made, with its chain: their endpoint selections hold registry watches,
   * closed at stop or when a change replaces them; their retry and hedge links report to {@link #policyStates}.
   */
  private final List<ReferencedOperation> referenced = new CopyOnWriteArrayList<>();

  /** An operation of a reference made, {@code service/schemaId.operation}, and the chain its new calls pass. */
  private static final class ReferencedOperation {
    final String service;
    final OperationMeta op;
    final ConsumerOperation operation;
    volatile ConsumerChains.Assembled chain;

    ReferencedOperation(String service, OperationMeta op, ConsumerOperation operation,
        ConsumerChains.Assembled chain) {
      this.service = service;
      this.op = op;
      this.operation = operation;
      this.chain = chain;
    }

    String name() {
      return service + "/" + op.qualifiedName();
    }
  }

  private record ReferenceKey(Class<?> schemaInterface, String serviceName, String schemaId) {
  }

  private AxleRuntime(LiveConfig live, Registry registry, boolean ownsRegistry, RuntimeSpec spec,
      InvocationListener listener, Vertx vertx, ExecutorRegistry executors, List<PolicyFactory> policies) {
    this.live = live;
    AxleConfig config = live.current();
    // Retry pauses and hedge delays, on a timer of the runtime's Vert.x.
    this.delayer = (nanos, task) -> {
      long timer = vertx.setTimer(Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos)), id -> task.run());
      return () -> vertx.cancelTimer(timer);
    };
    this.policies = policies;
    this.registry = registry;
    this.ownsRegistry = ownsRegistry;
    this.endpointStates = new EndpointStates(config.get(CoreConfigKeys.LOADBALANCE_ISOLATION_BACKOFF),
        config.get(CoreConfigKeys.LOADBALANCE_ISOLATION_MAX_BACKOFF));
    this.consumerFilters = List.copyOf(spec.consumerFilters);
    this.providerFilters = List.copyOf(spec.providerFilters);
    this.registeredLoadBalancers = Map.copyOf(spec.loadBalancers);
    this.linkObserver = spec.linkObserver;
    this.assembly = assembly(config, executors);
    this.listener = listener;
    this.vertx = vertx;
  }

  private Assembly assembly(AxleConfig config, ExecutorRegistry executors) {
    LoadBalancers loadBalancers = new LoadBalancers(config, registeredLoadBalancers);
    return new Assembly(config, executors, loadBalancers,
        new ConsumerChains(config, consumerFilters, policies, registry, loadBalancers, endpointStates, delayer,
            linkObserver),
        new ProviderChains(config, config.get(CoreConfigKeys.SERVICE_NAME), providerFilters, policies, linkObserver));
  }

  /** Validates the configuration, starts the transports and serves the providers of {@code spec}. */
  public static AxleRuntime start(RuntimeSpec spec) {
    long startNanos = System.nanoTime();
    AxleConfig config = spec.config != null ? spec.config : AxleConfig.load();
    List<TransportFactory> explicitTransports = spec.transports;
    List<ProviderRegistration> providers = List.copyOf(spec.providers);
    List<Filter> providerFilters = List.copyOf(spec.providerFilters);
    List<HttpEndpoint> httpEndpoints = List.copyOf(spec.httpEndpoints);
    io.vertx.core.spi.VertxMetricsFactory vertxMetrics = spec.vertxMetrics;
    List<TransportFactory> factories = explicitTransports.isEmpty()
        ? ServiceLoader.load(TransportFactory.class).stream().map(ServiceLoader.Provider::get).toList()
        : List.copyOf(explicitTransports);
    List<PolicyFactory> policies = ServiceLoader.load(PolicyFactory.class).stream()
        .map(ServiceLoader.Provider::get).toList();
    List<ConfigKey<?>> knownKeys = new ArrayList<>(ConfigKeys.all());
    factories.forEach(f -> knownKeys.addAll(f.configKeys()));
    Map<String, Set<String>> executorNames = CoreConfigKeys.executorNames(spec.executors.keySet());
    config.validate(knownKeys, executorNames);

    // Before Vert.x: a registry that cannot be reached fails the start with nothing to undo.
    Registry effectiveRegistry = spec.registry != null ? spec.registry : Registries.fromConfig(config);
    int eventLoops = Math.max(1, factories.stream().mapToInt(f -> f.eventLoops(config)).sum());
    VertxOptions options = NativeTransport.prefer(config, new VertxOptions().setEventLoopPoolSize(eventLoops));
    Vertx vertx;
    ExecutorRegistry executors;
    try {
      if (vertxMetrics == null) {
        vertx = Vertx.vertx(options);
      } else {
        options.setMetricsOptions(new io.vertx.core.metrics.MetricsOptions().setEnabled(true));
        vertx = Vertx.builder().with(options).withMetrics(vertxMetrics).build();
      }
      NativeTransport.check(config, vertx);
      executors = new ExecutorRegistry(config, spec.executors);
    } catch (RuntimeException e) {
      // Nothing else to undo yet but the registry this start made (a ZooKeeper session).
      if (spec.registry == null) {
        effectiveRegistry.close();
      }
      throw e;
    }
    AxleRuntime runtime = new AxleRuntime(new LiveConfig(config, knownKeys, executorNames), effectiveRegistry,
        spec.registry == null, spec,
        Listeners.of(spec.listeners), vertx, executors, policies);
    try {
      Tls tls = Tls.of(config, vertx);
      ProviderOperations operations = runtime.providerOperations(providers);
      SchemaTransports served = SchemaTransports.of(config, providers, factories.stream().map(TransportFactory::name)
          .toList());
      for (TransportFactory factory : factories) {
        ProviderOperations own = served.on(factory.name(), operations);
        TransportContext context = new TransportContext() {
          @Override
          public AxleConfig config() {
            return config;
          }

          @Override
          public Vertx vertx() {
            return vertx;
          }

          @Override
          public ProviderOperations providerOperations() {
            return own;
          }

          @Override
          public List<HttpEndpoint> httpEndpoints() {
            return List.copyOf(httpEndpoints);
          }

          @Override
          public Tls tls() {
            return tls;
          }
        };
        runtime.transports.put(factory.name(), factory.create(context));
      }
      served.logRestricted();
      for (Transport transport : runtime.transports.values()) {
        Endpoint bound = transport.start().get(30, TimeUnit.SECONDS);
        if (bound != null) {
          checkPortNotShared(runtime.boundEndpoints.values(), bound);
          runtime.boundEndpoints.put(transport.name(), bound);
        }
      }
      runtime.describe();
      runtime.logStarted(operations, tls, startNanos);
      // Only once every transport listens: a consumer that sees the entry can call it at once. A local
      // registry made from this runtime's own configuration is seen by no one else: nothing to tell.
      boolean seenByOthers = spec.registry != null || effectiveRegistry.isDynamic();
      boolean registers = !providers.isEmpty() && seenByOthers && config.get(CoreConfigKeys.REGISTRY_REGISTER);
      String instanceId = registers ? SelfRegistration.newInstanceId(config) : null;
      // Before registering: a source that holds changes (a ZooKeeper node) applies them before any consumer can
      // see the instance, so that none calls it on the start's configuration.
      runtime.watchConfigSources(spec.configSources, instanceId);
      if (registers) {
        Set<String> schemaIds = new TreeSet<>();
        providers.forEach(p -> schemaIds.add(p.schemaId()));
        synchronized (runtime.wiringLock) {
          // Under the lock: a change that lands meanwhile is published after the entry exists, or is in it.
          runtime.registration = SelfRegistration.register(effectiveRegistry, runtime.config(),
              runtime.live.version(), instanceId, runtime.boundEndpoints.values(), schemaIds);
        }
      }
      return runtime;
    } catch (Exception e) {
      runtime.stop(Duration.ZERO);
      if (e instanceof RuntimeException re) {
        throw re;
      }
      Throwable cause = Failures.unwrap(e instanceof java.util.concurrent.ExecutionException ? e.getCause() : e);
      throw new IllegalStateException("Axle failed to start: " + cause.getMessage(), cause);
    }
  }

  /** The watches of the configuration sources, closed first at stop. */
  private final List<io.axle.config.ConfigSource.Watch> configWatches = new CopyOnWriteArrayList<>();

  /**
   * Starts the sources of configuration changes, once the runtime serves: a change they send is applied to
   * it. The configuration each is asked with is the start's.
   */
  private void watchConfigSources(List<io.axle.config.ConfigSource> explicit, String registeredAs) {
    List<io.axle.config.ConfigSource> sources = new ArrayList<>(explicit);
    ServiceLoader.load(io.axle.config.ConfigSource.class).forEach(sources::add);
    AxleConfig started = config();
    Optional<String> instanceId = Optional.ofNullable(registeredAs);
    io.axle.config.ConfigSource.Context context = new io.axle.config.ConfigSource.Context() {
      @Override
      public AxleConfig config() {
        return started;
      }

      @Override
      public String serviceName() {
        return started.get(CoreConfigKeys.SERVICE_NAME);
      }

      @Override
      public Optional<String> instanceId() {
        return instanceId;
      }

      @Override
      public io.axle.config.ConfigVersion apply(String source, Map<String, ?> values) {
        return reconfigure(source, values);
      }
    };
    for (io.axle.config.ConfigSource source : sources) {
      io.axle.config.ConfigSource.Watch watch = source.watch(context);
      if (watch != null) {
        configWatches.add(watch);
      }
    }
  }

  /**
   * Vert.x lets a TCP and an HTTP server of one instance share a port, each then taking a share
   * of the other's connections; two transports on one port is always a configuration mistake.
   */
  private static void checkPortNotShared(Collection<Endpoint> started, Endpoint bound) {
    for (Endpoint other : started) {
      boolean sameHost = other.host().equals(bound.host()) || other.host().equals("0.0.0.0")
          || bound.host().equals("0.0.0.0");
      if (other.port() == bound.port() && sameHost) {
        throw new IllegalStateException(other.transport() + " and " + bound.transport() + " both listen on port "
            + bound.port() + " (expected: a port of its own for each transport; change axle." + other.transport()
            + ".address or axle." + bound.transport() + ".address)");
      }
    }
  }

  /** Each served operation's provider chain, by {@code schemaId.operation}; made at start, replaced by changes. */
  private volatile Map<String, ProviderChains.Assembled> providerChainByKey = Map.of();
  /** The operations served, with what serves them; fixed at start. */
  private final List<Served> served = new ArrayList<>();

  private record Served(ServedOperation operation, Object implementation) {
    OperationMeta meta() {
      return operation.meta();
    }
  }

  private ProviderOperations providerOperations(List<ProviderRegistration> providers) {
    // Every contract problem of every schema in one failed start, before a transport builds a codec.
    ContractCheck.requireValid(providers.stream()
        .map(p -> SchemaMeta.of(p.schemaId(), p.schemaInterface())).toList());
    Map<String, ProviderOperation> byKey = new LinkedHashMap<>();
    Map<String, ProviderChains.Assembled> chains = new LinkedHashMap<>();
    Map<String, ProviderRegistration> bySchemaId = new HashMap<>();
    for (ProviderRegistration registration : providers) {
      ProviderRegistration previous = bySchemaId.putIfAbsent(registration.schemaId(), registration);
      if (previous != null) {
        throw new IllegalArgumentException("schemaId " + registration.schemaId() + " is served twice: by "
            + previous.implementation().getClass().getName() + " and by "
            + registration.implementation().getClass().getName() + " (expected: one provider per schemaId)");
      }
      if (!registration.schemaInterface().isInstance(registration.implementation())) {
        throw new IllegalArgumentException("provider of schema " + registration.schemaId() + ": "
            + registration.implementation().getClass().getName() + " (expected: an implementation of "
            + registration.schemaInterface().getName() + ")");
      }
      SchemaMeta schema = SchemaMeta.of(registration.schemaId(), registration.schemaInterface());
      for (OperationMeta op : schema.operations().values()) {
        Assembly now = assembly;
        AxleExecutor executor = now.executors().forOperation(schema.schemaId(), op.name());
        ProviderChains.Assembled chain = now.providerChains().assemble(op, registration.implementation());
        ServedOperation operation = new ServedOperation(op, registration.implementation().getClass(), executor,
            now.executors().describe(executor), chain.chain(), listener, providerCalls, chain.admissions());
        byKey.put(key(schema.schemaId(), op.name()), operation);
        served.add(new Served(operation, registration.implementation()));
        chains.put(op.qualifiedName(), chain);
      }
    }
    providerChainByKey = Map.copyOf(chains);
    Map<String, ProviderOperation> frozen = Map.copyOf(byKey);
    List<ProviderOperation> ordered = List.copyOf(byKey.values());
    return new ProviderOperations() {
      @Override
      public ProviderOperation find(String schemaId, String operationName) {
        return frozen.get(key(schemaId, operationName));
      }

      @Override
      public Collection<ProviderOperation> all() {
        return ordered;
      }

      @Override
      public void unmatched(String transport, Endpoint caller, long receivedNanos, AxleException error) {
        // Heard as a provider call of the pseudo-operation that ended with the error's status.
        Invocation invocation = new Invocation(Role.PROVIDER, UnmatchedRequests.OPERATION, new Object[0], listener);
        invocation.transport(transport);
        invocation.endpoint(caller);
        invocation.mark(Stage.PROVIDER_RECEIVED, receivedNanos);
        invocation.end(Response.failure(error));
      }
    };
  }

  private static String key(String schemaId, String operation) {
    return schemaId + '/' + operation;
  }

  /** The served operations and the chains, for {@link io.axle.Axle#operations()}; set once at start. */
  private volatile List<io.axle.OperationInfo> operationInfos = List.of();
  private volatile String consumerChain = "";

  private void describe() {
    List<io.axle.OperationInfo> infos = new ArrayList<>();
    for (Served each : served) {
      ServedOperation op = each.operation();
      infos.add(new io.axle.OperationInfo(op.meta().qualifiedName(), op.executorDescription(),
          providerChainByKey.get(op.meta().qualifiedName()).describe(), op.admissionNames()));
    }
    operationInfos = List.copyOf(infos);
    consumerChain = assembly.consumerChains().describeUngoverned();
  }

  /** The operations served, with their executors and chains. */
  public List<io.axle.OperationInfo> operations() {
    return operationInfos;
  }

  /** The registry and whether it is reachable now; a registry whose check fails is reported unreachable. */
  public Map<Endpoint, Integer> consumerCallsInFlight() {
    Map<Endpoint, Integer> counts = new LinkedHashMap<>();
    for (Transport transport : transports.values()) {
      counts.putAll(transport.callsInFlightByEndpoint());
    }
    return counts;
  }

  public io.axle.registry.RegistryState registryState() {
    boolean reachable;
    try {
      reachable = registry.isReachable();
    } catch (RuntimeException e) {
      reachable = false;
    }
    return new io.axle.registry.RegistryState(registry.describe(), reachable);
  }

  /** The consumer chain of an operation no governance key applies to. */
  public String consumerChain() {
    return consumerChain;
  }

  /** Each operation of the references made so far ({@code service/schemaId.operation}), with its chain. */
  public Map<String, String> consumerChains() {
    Map<String, String> described = new java.util.TreeMap<>();
    referenced.forEach(r -> described.put(r.name(), r.chain.describe()));
    return described;
  }

  /** The links of each operation of the references made, for the tests that compare them with a call's path. */
  Map<String, List<ChainLink>> consumerLinks() {
    Map<String, List<ChainLink>> links = new java.util.TreeMap<>();
    referenced.forEach(r -> links.put(r.name(), r.chain.links()));
    return links;
  }

  /** The links of each operation served, {@code schemaId.operation}, as {@link #consumerLinks}. */
  Map<String, List<ChainLink>> providerLinks() {
    Map<String, List<ChainLink>> links = new LinkedHashMap<>();
    providerChainByKey.forEach((operation, chain) -> links.put(operation, chain.links()));
    return links;
  }

  private void logStarted(ProviderOperations operations, Tls tls, long startNanos) {
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    // TLS is on every listener or on none (axle.tls.server.enabled): each says which, as a scanner would see it.
    List<String> listening = boundEndpoints.values().stream()
        .map(endpoint -> endpoint + (tls.server() ? " (TLS)" : " (plaintext)")).toList();
    log.info("Axle service '{}' started in {} ms; transports: {}; listening: {}{}",
        config().get(CoreConfigKeys.SERVICE_NAME), millis, transports.keySet(), listening,
        tls.client() ? "; calls out over TLS" : "");
    logWiring();
  }

  /** The chains as assembled: at start, and again after each configuration change. */
  private void logWiring() {
    log.info("consumer chain: {}", consumerChain);
    for (io.axle.OperationInfo op : operationInfos) {
      log.info("  serves {} on {}: {}{}", op.name(), op.executor(),
          op.admissions().isEmpty() ? "" : "admits through " + op.admissions() + " before its queue, then ", op.chain());
    }
  }

  /** The proxy of a schema of a service; the same one for the same interface, service and schema. */
  public <T> T reference(Class<T> schemaInterface, String serviceName, String schemaId) {
    if (stopped.get()) {
      throw new IllegalStateException("reference to " + serviceName + "/" + schemaId + ": the runtime is stopped");
    }
    // Built at most once per key, so no second set of registry watchers; a failure caches nothing.
    List<EndpointSelection> made = new ArrayList<>();
    try {
      return schemaInterface.cast(references.computeIfAbsent(new ReferenceKey(schemaInterface, serviceName, schemaId),
          key -> newReference(schemaInterface, serviceName, schemaId, made)));
    } catch (RuntimeException e) {
      // Nor does it leave a watch behind.
      made.forEach(EndpointSelection::close);
      throw e;
    }
  }

  private <T> T newReference(Class<T> schemaInterface, String serviceName, String schemaId,
      List<EndpointSelection> made) {
    synchronized (wiringLock) {
      AxleConfig config = assembly.config();
      ServiceInstances instances = registry.lookup(serviceName);
      if (instances.instances().isEmpty()) {
        if (!registry.isDynamic()) {
          throw new IllegalArgumentException("reference to service " + serviceName + ": not in "
              + registry.describe() + " (known services: " + registry.knownServices() + "; expected: "
              + registry.howToList(serviceName, config.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT,
                  serviceName)) + ")");
        }
        log.warn("reference to service {}: no instance in {} yet; its calls fail until one registers",
            serviceName, registry.describe());
      }
      Optional<Set<String>> schemas = registry.schemas(serviceName);
      if (schemas.isPresent() && !schemas.get().contains(schemaId)) {
        String key = CoreConfigKeys.REGISTRY_SCHEMAS.name() + "." + serviceName;
        throw new IllegalArgumentException("reference to " + serviceName + "/" + schemaId + ": service "
            + serviceName + " serves no schema " + schemaId + " (expected: one of " + schemas.get()
            + ", as registered" + (config.keys().contains(key) ? " by " + key + " — " + config.origin(key) : "")
            + ")");
      }
      SchemaMeta schema = SchemaMeta.of(schemaId, schemaInterface);
      ContractCheck.requireValid(List.of(schema));
      Map<Method, ConsumerOperation> operations = new HashMap<>();
      // Shown once the reference is made: a reference that fails half-way leaves nothing behind.
      List<ReferencedOperation> madeOperations = new ArrayList<>();
      for (OperationMeta op : schema.operations().values()) {
        ConsumerChains.Assembled chain = assembleReferenced(assembly, serviceName, op);
        made.add(chain.selection());
        String described = chain.describe();
        if (!described.equals(consumerChain)) {
          log.info("reference {}/{}: {} passes {}", serviceName, schemaId, op.name(), described);
        }
        ConsumerOperation operation = new ConsumerOperation(op, listener, wiring(config, serviceName, op, chain));
        operations.put(op.method(), operation);
        madeOperations.add(new ReferencedOperation(serviceName, op, operation, chain));
      }
      T proxy = ReferenceProxy.create(schemaInterface, serviceName + "/" + schemaId, Map.copyOf(operations));
      referenced.addAll(madeOperations);
      if (stopped.get()) {
        // Made while the runtime stopped, maybe after its watches were closed: closed here instead.
        made.forEach(EndpointSelection::close);
      }
      return proxy;
    }
  }

  /** The chain of {@code op} of a reference to {@code service}, over the transport its configuration names. */
  private ConsumerChains.Assembled assembleReferenced(Assembly with, String service, OperationMeta op) {
    AxleConfig config = with.config();
    String transportName = config.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT, service, op.schemaId(),
        op.name());
    Transport transport = transports.get(transportName);
    if (transport == null) {
      String key = config.mostSpecificKey(CoreConfigKeys.REFERENCES_TRANSPORT, service, op.schemaId(), op.name());
      throw new IllegalArgumentException(key + ": " + transportName + " (expected: a transport on the class path: "
          + transports.keySet() + ") — " + config.origin(key));
    }
    return with.consumerChains().assemble(service, op, transport);
  }

  private static ConsumerOperation.Wiring wiring(AxleConfig config, String service, OperationMeta op,
      ConsumerChains.Assembled chain) {
    Duration timeout = config.getMostSpecific(CoreConfigKeys.REQUEST_TIMEOUT, service, op.schemaId(), op.name());
    return new ConsumerOperation.Wiring(chain.transport(), timeout.toNanos(),
        config.mostSpecificKey(CoreConfigKeys.REQUEST_TIMEOUT, service, op.schemaId(), op.name()), chain.chain());
  }

  /** The configuration in force, its version, and the last change refused. */
  public io.axle.config.ConfigVersion configVersion() {
    return live.version();
  }

  public Optional<io.axle.config.ConfigRefusal> lastRefusedChange() {
    return live.lastRefusal();
  }

  /**
   * Replaces the layer of {@code source} with {@code values} and applies the configuration it makes, as a
   * whole or not at all ({@link LiveConfig}): every served operation and every operation of the references
   * made takes its new executor and chain for its next call; calls in flight finish as they started.
   */
  public io.axle.config.ConfigVersion reconfigure(String source, Map<String, ?> values) {
    synchronized (wiringLock) {
      // Checked under the lock, which stop takes once it set the flag: no change is applied while it stops.
      if (stopped.get()) {
        throw new IllegalStateException("configuration change from " + source + ": the runtime is stopped");
      }
      io.axle.config.ConfigVersion before = live.version();
      io.axle.config.ConfigVersion after = live.apply(source, values, this::prepare);
      SelfRegistration own = registration;
      if (after != before && own != null) {
        own.publish(live.current(), after);
      }
      return after;
    }
  }

  /**
   * Assembles everything {@code next} makes, checking it on the way; the commit returned swaps it in. Nothing
   * is swapped, and the watches of new endpoint selections and the pools made for it are closed, when an
   * assembly throws.
   */
  private Runnable prepare(AxleConfig next) {
    Assembly before = assembly;
    Assembly after = assembly(next, before.executors().next(next));
    List<Runnable> swaps = new ArrayList<>();
    List<EndpointSelection> newSelections = new ArrayList<>();
    Map<String, ProviderChains.Assembled> providerChains = new LinkedHashMap<>();
    policies.forEach(PolicyFactory::changeStarted);
    try {
      for (Served each : served) {
        OperationMeta op = each.meta();
        AxleExecutor executor = after.executors().forOperation(op.schemaId(), op.name());
        ProviderChains.Assembled chain = after.providerChains().assemble(op, each.implementation());
        ServedOperation.Wiring wiring = new ServedOperation.Wiring(executor, after.executors().describe(executor),
            chain.chain(), chain.admissions());
        providerChains.put(op.qualifiedName(), chain);
        swaps.add(() -> each.operation().rewire(wiring));
      }
      for (ReferencedOperation each : referenced) {
        ConsumerChains.Assembled chain = assembleReferenced(after, each.service, each.op);
        newSelections.add(chain.selection());
        ConsumerOperation.Wiring wiring = wiring(next, each.service, each.op, chain);
        swaps.add(() -> {
          each.operation.rewire(wiring);
          each.chain = chain;
        });
      }
    } catch (RuntimeException e) {
      policies.forEach(factory -> factory.changeEnded(false));
      newSelections.forEach(EndpointSelection::close);
      // Pools made for the refused configuration: no call reached them.
      after.executors().unusedBy(before.executors()).forEach(pool -> pool.shutdown(Duration.ZERO));
      throw e;
    }
    return () -> {
      List<EndpointSelection> oldSelections = referenced.stream().map(r -> r.chain.selection()).toList();
      swaps.forEach(Runnable::run);
      policies.forEach(factory -> factory.changeEnded(true));
      transports.values().forEach(transport -> transport.configChanged(next));
      providerChainByKey = Map.copyOf(providerChains);
      assembly = after;
      describe();
      // The calls in flight on the old chains keep what their selections last saw: only new calls need watches.
      oldSelections.forEach(this::closeQuietly);
      retire(before.executors().unusedBy(after.executors()));
      logWiring();
    };
  }

  /**
   * Shuts the pools no operation selects any more down once no new call can reach them: a call that read the
   * old wiring hands its task over within its event loop's turn (bursts at its end), well within the pause;
   * what they queued finishes within the shutdown timeout.
   */
  private void retire(List<AxleExecutor> unused) {
    if (unused.isEmpty()) {
      return;
    }
    Duration grace = assembly.config().get(CoreConfigKeys.SHUTDOWN_TIMEOUT);
    Thread.ofPlatform().daemon().name("axle-retire-executors").start(() -> {
      try {
        Thread.sleep(RETIRE_PAUSE.toMillis());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      for (AxleExecutor executor : unused) {
        if (!executor.shutdown(grace)) {
          log.warn("executor {} taken out of use by a configuration change still ran tasks after {} ms; they "
              + "were interrupted", executor.name(), grace.toMillis());
        }
      }
    });
  }

  private static final Duration RETIRE_PAUSE = Duration.ofSeconds(1);

  private void closeQuietly(EndpointSelection selection) {
    try {
      selection.close();
    } catch (RuntimeException e) {
      log.warn("a watch of {} did not close cleanly: {}", registry.describe(), e.toString());
    }
  }

  public Optional<Endpoint> endpoint(String transport) {
    return Optional.ofNullable(boundEndpoints.get(transport));
  }

  /** The configuration in force: the start's, with the changes taken since. */
  public AxleConfig config() {
    return live.current();
  }

  public Map<String, AxleExecutor> executors() {
    return assembly.executors().inUse();
  }

  /**
   * What every policy module reports now, in the order they were found, then the retry and hedge links of
   * the references made so far, each with how many attempts it sent again.
   */
  public List<PolicyState> policyStates() {
    List<PolicyState> states = new ArrayList<>();
    for (PolicyFactory factory : policies) {
      try {
        states.addAll(factory.states());
      } catch (RuntimeException e) {
        log.warn("policy states of {} could not be read: {}", factory.getClass().getName(), e.toString());
      }
    }
    for (ReferencedOperation each : referenced) {
      Supplier<PolicyState> again = each.chain.againState();
      PolicyState state = again == null ? null : again.get();
      if (state != null) {
        states.add(state);
      }
    }
    return states;
  }

  public void stop(Duration requestedGrace) {
    if (!stopped.compareAndSet(false, true)) {
      return;
    }
    synchronized (wiringLock) {
      // Waits for a change being applied: none is applied from here on (reconfigure checks the flag).
    }
    // First: no source sends a change to a runtime that is stopping.
    for (io.axle.config.ConfigSource.Watch watch : configWatches) {
      try {
        watch.close();
      } catch (RuntimeException e) {
        log.warn("a configuration source's watch did not close cleanly: {}", e.toString());
      }
    }
    AxleConfig config = config();
    Duration requested = requestedGrace != null ? requestedGrace : config.get(CoreConfigKeys.SHUTDOWN_TIMEOUT);
    long deadline = System.nanoTime() + requested.toNanos();
    SelfRegistration own = registration;
    if (own != null) {
      // Out of the registry first, so that consumers stop picking this instance before GOAWAY.
      own.leave(config.get(CoreConfigKeys.REGISTRY_DEREGISTER_WAIT), requested);
    }
    Duration grace = Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
    List<CompletableFuture<Void>> shutdowns = new ArrayList<>();
    for (Transport transport : transports.values()) {
      shutdowns.add(transport.shutdown(grace));
    }
    try {
      // The transports bound themselves by the grace; the extra second covers their closing.
      CompletableFuture.allOf(shutdowns.toArray(CompletableFuture[]::new))
          .get(grace.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      log.warn("transports did not close within {} ms of the grace period", grace.toMillis() + 1000);
    } catch (Exception e) {
      log.warn("a transport failed while stopping: {}", Failures.unwrap(e).toString());
    }
    // A call whose caller's connection closed (so its server connection did not wait for it) may
    // still be running: it ends, and is counted, before its event loop goes away.
    try {
      int left = providerCalls.drained(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())))
          .get(grace.toMillis() + 1000, TimeUnit.MILLISECONDS);
      if (left > 0) {
        log.warn("{} provider calls were still running at the end of the grace period of {} ms", left,
            grace.toMillis());
      }
    } catch (Exception e) {
      log.warn("waiting for provider calls failed: {}", Failures.unwrap(e).toString());
    }
    // Idle pool threads need a moment to notice the shutdown even when no task is left.
    long left = Math.max(TimeUnit.MILLISECONDS.toNanos(200), deadline - System.nanoTime());
    if (!assembly.executors().shutdown(Duration.ofNanos(left))) {
      log.warn("executor tasks were still running after the grace period of {} ms; they were interrupted",
          grace.toMillis());
    }
    try {
      vertx.close().await(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      log.warn("Vert.x did not close cleanly: {}", e.toString());
    }
    // Last before the registry: calls still running through the grace went on hearing of its changes. A
    // registry handed to the builder outlives this runtime and must not keep its listeners.
    synchronized (wiringLock) {
      // Under the lock: a change being committed has closed the selections it replaced, or closes none.
      referenced.forEach(r -> closeQuietly(r.chain.selection()));
    }
    if (ownsRegistry) {
      try {
        registry.close();
      } catch (Exception e) {
        log.warn("{} did not close cleanly: {}", registry.describe(), Failures.unwrap(e).toString());
      }
    }
    log.info("Axle service '{}' stopped", config.get(CoreConfigKeys.SERVICE_NAME));
  }
}
