package io.axle.internal;

import io.axle.AxleException;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.InvocationListener;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeys;
import io.axle.config.CoreConfigKeys;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.executor.AxleExecutor;
import io.axle.internal.RuntimeSpec.ProviderRegistration;
import io.axle.internal.types.ContractCheck;
import io.axle.policy.Admission;
import io.axle.policy.OperationScope;
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

  private final AxleConfig config;
  private final Registry registry;
  /** True when the runtime made the registry from configuration, and so closes it. */
  private final boolean ownsRegistry;
  private final LoadBalancers loadBalancers;
  private final EndpointStates endpointStates;
  /** Retry pauses and hedge delays, on a timer of the runtime's Vert.x. */
  private final RetryPolicy.Delayer delayer;
  /** One retry budget per service this runtime calls. */
  private final Map<String, RetryBudget> retryBudgets = new ConcurrentHashMap<>();
  private volatile SelfRegistration registration;
  private final List<Filter> consumerFilters;
  /** The policy modules on the class path (docs/governance.md). */
  private final List<PolicyFactory> policies;
  private final InvocationListener listener;
  private final Vertx vertx;
  private final ExecutorRegistry executors;
  private final Map<String, Transport> transports = new LinkedHashMap<>();
  private final Map<String, Endpoint> boundEndpoints = new LinkedHashMap<>();
  private final AtomicBoolean stopped = new AtomicBoolean();
  /** Provider calls taken and not yet answered, whatever became of their connections. */
  private final InFlightCalls providerCalls = new InFlightCalls();
  /**
   * One proxy per interface, service and schema: each proxy's operations watch the registry for
   * the life of the runtime, so a new proxy per call of {@link #reference} would pile up watchers.
   */
  private final Map<ReferenceKey, Object> references = new ConcurrentHashMap<>();
  /** The retry and hedge links of the references made, for {@link #policyStates}. */
  private final List<Supplier<PolicyState>> retryStates = new CopyOnWriteArrayList<>();

  private record ReferenceKey(Class<?> schemaInterface, String serviceName, String schemaId) {
  }

  private AxleRuntime(AxleConfig config, Registry registry, boolean ownsRegistry, RuntimeSpec spec,
      InvocationListener listener, Vertx vertx, ExecutorRegistry executors, List<PolicyFactory> policies) {
    this.config = config;
    this.delayer = (nanos, task) -> {
      long timer = vertx.setTimer(Math.max(1, TimeUnit.NANOSECONDS.toMillis(nanos)), id -> task.run());
      return () -> vertx.cancelTimer(timer);
    };
    this.policies = policies;
    this.registry = registry;
    this.ownsRegistry = ownsRegistry;
    this.loadBalancers = new LoadBalancers(config, spec.loadBalancers);
    this.endpointStates = new EndpointStates(config.get(CoreConfigKeys.LOADBALANCE_ISOLATION_BACKOFF),
        config.get(CoreConfigKeys.LOADBALANCE_ISOLATION_MAX_BACKOFF));
    this.consumerFilters = List.copyOf(spec.consumerFilters);
    this.listener = listener;
    this.vertx = vertx;
    this.executors = executors;
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
    config.validate(knownKeys, CoreConfigKeys.executorNames(spec.executors.keySet()));

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
    AxleRuntime runtime = new AxleRuntime(config, effectiveRegistry, spec.registry == null, spec,
        Listeners.of(spec.listeners), vertx, executors, policies);
    try {
      Tls tls = Tls.of(config, vertx);
      ProviderOperations operations = runtime.providerOperations(providers, providerFilters);
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
      runtime.describe(operations, providerFilters);
      runtime.logStarted(operations, providerFilters, tls, startNanos);
      // Only once every transport listens: a consumer that sees the entry can call it at once. A local
      // registry made from this runtime's own configuration is seen by no one else: nothing to tell.
      boolean seenByOthers = spec.registry != null || effectiveRegistry.isDynamic();
      if (!providers.isEmpty() && seenByOthers && config.get(CoreConfigKeys.REGISTRY_REGISTER)) {
        Set<String> schemaIds = new TreeSet<>();
        providers.forEach(p -> schemaIds.add(p.schemaId()));
        runtime.registration = SelfRegistration.register(effectiveRegistry, config,
            runtime.boundEndpoints.values(), schemaIds);
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

  private ProviderOperations providerOperations(List<ProviderRegistration> providers, List<Filter> providerFilters) {
    // Every contract problem of every schema in one failed start, before a transport builds a codec.
    ContractCheck.requireValid(providers.stream()
        .map(p -> SchemaMeta.of(p.schemaId(), p.schemaInterface())).toList());
    Map<String, ProviderOperation> byKey = new LinkedHashMap<>();
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
        AxleExecutor executor = executors.forOperation(schema.schemaId(), op.name());
        FaultInjection fault = FaultInjection.forOperation(config, schema.schemaId(), op);
        List<Filter> links = providerFilters;
        if (fault != null) {
          // Loud: a fault left configured in production fails real calls.
          log.warn("{}: {} (axle.governance.fault.*)", op.qualifiedName(), fault.name());
          links = new ArrayList<>(providerFilters);
          links.add(fault);
        }
        FilterChain chain = FilterChains.build(links, new MethodInvoker(op, registration.implementation()));
        OperationScope scope = new OperationScope(config, config.get(CoreConfigKeys.SERVICE_NAME), op);
        List<Admission> admissions = new ArrayList<>();
        policies.forEach(p -> admissions.addAll(p.providerAdmissions(scope)));
        byKey.put(key(schema.schemaId(), op.name()),
            new ServedOperation(op, registration.implementation().getClass(), executor,
                executors.describe(executor), chain, listener, providerCalls, admissions));
      }
    }
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
        UnmatchedRequests.record(listener, transport, caller, receivedNanos, error);
      }
    };
  }

  private static String key(String schemaId, String operation) {
    return schemaId + '/' + operation;
  }

  /** The served operations and the chains, for {@link io.axle.Axle#operations()}; set once at start. */
  private volatile List<io.axle.OperationInfo> operationInfos = List.of();
  private volatile String consumerChain = "";

  private void describe(ProviderOperations operations, List<Filter> providerFilters) {
    String providerChain = FilterChains.describe(providerFilters, "method");
    List<io.axle.OperationInfo> infos = new ArrayList<>();
    for (ProviderOperation op : operations.all()) {
      List<String> admissions = op instanceof ServedOperation served ? served.admissionNames() : List.of();
      infos.add(new io.axle.OperationInfo(op.meta().qualifiedName(), op.executorDescription(), providerChain, admissions));
    }
    operationInfos = List.copyOf(infos);
    consumerChain = FilterChains.describeConsumer(consumerFilters, loadBalancers.defaultName());
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

  /** The consumer chain every call of a reference passes through. */
  public String consumerChain() {
    return consumerChain;
  }

  private void logStarted(ProviderOperations operations, List<Filter> providerFilters, Tls tls, long startNanos) {
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    // TLS is on every listener or on none (axle.tls.server.enabled): each says which, as a scanner would see it.
    List<String> listening = boundEndpoints.values().stream()
        .map(endpoint -> endpoint + (tls.server() ? " (TLS)" : " (plaintext)")).toList();
    log.info("Axle service '{}' started in {} ms; transports: {}; listening: {}{}", config.get(CoreConfigKeys.SERVICE_NAME),
        millis, transports.keySet(), listening, tls.client() ? "; calls out over TLS" : "");
    log.info("consumer chain: {}", FilterChains.describeConsumer(consumerFilters, loadBalancers.defaultName()));
    if (!operations.isEmpty()) {
      log.info("provider chain: {}", FilterChains.describe(providerFilters, "method"));
      for (ProviderOperation op : operations.all()) {
        List<String> admissions = op instanceof ServedOperation served ? served.admissionNames() : List.of();
        log.info("  serves {} on {}{}", op.meta().qualifiedName(), op.executorDescription(),
            admissions.isEmpty() ? "" : "; admits through " + admissions + " before its queue");
      }
    }
  }

  /** The proxy of a schema of a service; the same one for the same interface, service and schema. */
  public <T> T reference(Class<T> schemaInterface, String serviceName, String schemaId) {
    if (stopped.get()) {
      throw new IllegalStateException("reference to " + serviceName + "/" + schemaId + ": the runtime is stopped");
    }
    // Built at most once per key, so no second set of registry watchers; a failure caches nothing.
    return schemaInterface.cast(references.computeIfAbsent(new ReferenceKey(schemaInterface, serviceName, schemaId),
        key -> newReference(schemaInterface, serviceName, schemaId)));
  }

  private <T> T newReference(Class<T> schemaInterface, String serviceName, String schemaId) {
    ServiceInstances instances = registry.lookup(serviceName);
    if (instances.instances().isEmpty()) {
      if (!registry.isDynamic()) {
        throw new IllegalArgumentException("reference to service " + serviceName + ": not in "
            + registry.describe() + " (known services: " + registry.knownServices() + "; expected: "
            + registry.howToList(serviceName, config.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT, serviceName))
            + ")");
      }
      log.warn("reference to service {}: no instance in {} yet; its calls fail until one registers",
          serviceName, registry.describe());
    }
    Optional<Set<String>> schemas = registry.schemas(serviceName);
    if (schemas.isPresent() && !schemas.get().contains(schemaId)) {
      String key = CoreConfigKeys.REGISTRY_SCHEMAS.name() + "." + serviceName;
      throw new IllegalArgumentException("reference to " + serviceName + "/" + schemaId + ": service " + serviceName
          + " serves no schema " + schemaId + " (expected: one of " + schemas.get() + ", as registered"
          + (config.keys().contains(key) ? " by " + key + " — " + config.origin(key) : "") + ")");
    }
    SchemaMeta schema = SchemaMeta.of(schemaId, schemaInterface);
    ContractCheck.requireValid(List.of(schema));
    Map<Method, ConsumerOperation> operations = new HashMap<>();
    // Shown once the reference is made: a reference that fails half-way leaves nothing behind.
    List<Supplier<PolicyState>> againStates = new ArrayList<>();
    for (OperationMeta op : schema.operations().values()) {
      String transportName = config.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT, serviceName, schemaId, op.name());
      Transport transport = transports.get(transportName);
      if (transport == null) {
        String key = config.mostSpecificKey(CoreConfigKeys.REFERENCES_TRANSPORT, serviceName, schemaId, op.name());
        throw new IllegalArgumentException(key + ": " + transportName + " (expected: a transport on the class path: "
            + transports.keySet() + ") — " + config.origin(key));
      }
      Duration timeout = config.getMostSpecific(CoreConfigKeys.REQUEST_TIMEOUT, serviceName, schemaId, op.name());
      // One selection per operation: each operation turns its own
      // round-robin, so callers alternating operations still spread each one over every instance.
      OperationScope scope = new OperationScope(config, serviceName, op);
      List<Filter> policyLinks = new ArrayList<>();
      List<Filter> attemptLinks = new ArrayList<>();
      policies.forEach(p -> {
        policyLinks.addAll(p.consumerPolicies(scope));
        attemptLinks.addAll(p.attemptPolicies(scope));
      });
      RetryBudget budget = retryBudgets.computeIfAbsent(serviceName,
          s -> new RetryBudget(config.get(CoreConfigKeys.RETRY_BUDGET_PERCENT),
              config.get(CoreConfigKeys.RETRY_BUDGET_MIN_PER_SECOND)));
      // Hedging or retries, as in gRPC: a hedged operation gets no retry link.
      Filter again = HedgePolicy.forOperation(config, serviceName, op, RetryPolicy.isIdempotent(config, serviceName, op),
          budget, delayer);
      if (again == null) {
        again = RetryPolicy.forOperation(config, serviceName, op, budget, delayer);
      }
      if (again instanceof RetryPolicy retry) {
        againStates.add(retry::state);
      } else if (again instanceof HedgePolicy hedge) {
        againStates.add(hedge::state);
      }
      // The user's filters, the policies, then retry or hedge last, so that each attempt goes through the
      // selection for a new pick.
      List<Filter> filters = new ArrayList<>(consumerFilters);
      filters.addAll(policyLinks);
      if (again != null) {
        filters.add(again);
      }
      if (!policyLinks.isEmpty() || again != null) {
        List<String> names = new ArrayList<>();
        policyLinks.forEach(f -> names.add(f.name()));
        if (again != null) {
          names.add(again.name() + ", idempotent");
        }
        log.info("reference {}/{}: {} adds {} before its endpoint selection", serviceName, schemaId, op.name(), names);
      }
      if (!attemptLinks.isEmpty()) {
        log.info("reference {}/{}: {} adds {} after its endpoint selection", serviceName, schemaId, op.name(),
            attemptLinks.stream().map(Filter::name).toList());
      }
      operations.put(op.method(), new ConsumerOperation(op, transport, timeout.toNanos(),
          config.mostSpecificKey(CoreConfigKeys.REQUEST_TIMEOUT, serviceName, schemaId, op.name()), listener, filters,
          new EndpointSelection(serviceName, transport.name(), registry,
              loadBalancers.create(serviceName, schemaId, op.name()), endpointStates, budget, again == null,
              config.get(CoreConfigKeys.LOADBALANCE_ISOLATION_REFUSED_BACKOFF)), List.copyOf(attemptLinks)));
    }
    T proxy = ReferenceProxy.create(schemaInterface, serviceName + "/" + schemaId, Map.copyOf(operations));
    retryStates.addAll(againStates);
    return proxy;
  }

  public Optional<Endpoint> endpoint(String transport) {
    return Optional.ofNullable(boundEndpoints.get(transport));
  }

  public AxleConfig config() {
    return config;
  }

  public Map<String, AxleExecutor> executors() {
    return executors.inUse();
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
    for (Supplier<PolicyState> retry : retryStates) {
      PolicyState state = retry.get();
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
    if (!executors.shutdown(Duration.ofNanos(left))) {
      log.warn("executor tasks were still running after the grace period of {} ms; they were interrupted",
          grace.toMillis());
    }
    try {
      vertx.close().await(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      log.warn("Vert.x did not close cleanly: {}", e.toString());
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
