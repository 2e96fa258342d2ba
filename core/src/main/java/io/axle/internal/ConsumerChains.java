package io.axle.internal;

import io.axle.Filter;
import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.contract.OperationMeta;
import io.axle.internal.ChainLink.Part;
import io.axle.policy.OperationScope;
import io.axle.policy.PolicyFactory;
import io.axle.policy.PolicyState;
import io.axle.registry.Registry;
import io.axle.transport.Transport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The consumer chains of a runtime, assembled in one place: {@link #assemble} lists, in the order a call
 * passes them, every link of one operation of a reference, and that one list both builds the chain the
 * calls walk and describes it (the start-up log, {@code Axle.consumerChains()}, Actuator, and the tables
 * of docs/architecture.md, which {@code ChainTablesTest} compares with a real call's path).
 */
final class ConsumerChains {
  private final AxleConfig config;
  private final List<Filter> userFilters;
  private final List<PolicyFactory> policies;
  private final Registry registry;
  private final LoadBalancers loadBalancers;
  private final EndpointStates endpointStates;
  private final RetryPolicy.Delayer delayer;
  /** One retry budget per service called: retries, hedges and budgeted failovers of all its operations share it. */
  private final Map<String, RetryBudget> retryBudgets = new ConcurrentHashMap<>();
  private final LinkObserver observer;

  ConsumerChains(AxleConfig config, List<Filter> userFilters, List<PolicyFactory> policies, Registry registry,
      LoadBalancers loadBalancers, EndpointStates endpointStates, RetryPolicy.Delayer delayer, LinkObserver observer) {
    this.config = config;
    this.userFilters = List.copyOf(userFilters);
    this.policies = policies;
    this.registry = registry;
    this.loadBalancers = loadBalancers;
    this.endpointStates = endpointStates;
    this.delayer = delayer;
    this.observer = observer;
  }

  /**
   * One operation's chain.
   *
   * @param selection the operation's endpoint selection, which watches the registry until it is closed
   * @param againState what its retry or hedging link reports ({@code Axle.policyStates()}), or null without one
   * @param transport the name of the transport at its end
   */
  record Assembled(List<ChainLink> links, InvocationChain chain, EndpointSelection selection,
      Supplier<PolicyState> againState, String transport) {
    String describe() {
      return FilterChains.describe(links);
    }
  }

  /** The chain of {@code op} of a reference to {@code service} over {@code transport}: every link, in order. */
  Assembled assemble(String service, OperationMeta op, Transport transport) {
    OperationScope scope = new OperationScope(config, service, op);
    RetryBudget budget = retryBudgets.computeIfAbsent(service, s -> new RetryBudget(
        config.get(CoreConfigKeys.RETRY_BUDGET_PERCENT), config.get(CoreConfigKeys.RETRY_BUDGET_MIN_PER_SECOND)));
    RuntimeLink again = againLink(service, op, budget);
    // The policies first: one that throws leaves nothing open behind it, where a selection made before would
    // keep its registry watch.
    List<Filter> callPolicies = new ArrayList<>();
    List<Filter> attemptPolicies = new ArrayList<>();
    policies.forEach(p -> {
      callPolicies.addAll(p.consumerPolicies(scope));
      attemptPolicies.addAll(p.attemptPolicies(scope));
    });
    // One selection per operation: each turns its own round-robin, so callers alternating operations still
    // spread each one over every instance.
    EndpointSelection selection = new EndpointSelection(service, transport.name(), registry,
        loadBalancers.create(service, op.schemaId(), op.name()), endpointStates, budget, again == null,
        config.get(CoreConfigKeys.LOADBALANCE_ISOLATION_REFUSED_BACKOFF));

    List<ChainLink> links = new ArrayList<>();
    // 1. The user's filters.
    userFilters.forEach(f -> links.add(ChainLink.of(f, Part.USER_FILTER)));
    // 2. The governance module's policies for the call as a whole (bulkhead, rate limit, breaker, adaptive limit).
    callPolicies.forEach(f -> links.add(ChainLink.of(f, Part.POLICY)));
    // 3. Hedging or retries, as in gRPC one or the other: each attempt passes every link after it.
    if (again != null) {
      links.add(ChainLink.of(again, Part.AGAIN));
    }
    // 4. The pick of an instance, and the failover of an attempt that cannot have run.
    links.add(ChainLink.of(selection, Part.SELECTION));
    // 5. Policies of one attempt, which see the instance picked (a breaker per instance).
    attemptPolicies.forEach(f -> links.add(ChainLink.of(f, Part.ATTEMPT_POLICY)));
    // 6. The transport.
    links.add(ChainLink.named(EndpointSelection.TransportLink.NAME, Part.TRANSPORT));

    InvocationChain chain = FilterChains.build(op, links, new EndpointSelection.TransportLink(transport), observer);
    Supplier<PolicyState> state = again instanceof RetryPolicy retry ? retry::state
        : again instanceof HedgePolicy hedge ? hedge::state : null;
    return new Assembled(List.copyOf(links), chain, selection, state, transport.name());
  }

  /** Hedging when a delay is set for an idempotent operation, else retries when it may be sent more than once. */
  private RuntimeLink againLink(String service, OperationMeta op, RetryBudget budget) {
    RuntimeLink hedge = HedgePolicy.forOperation(config, service, op, RetryPolicy.isIdempotent(config, service, op),
        budget, delayer);
    return hedge != null ? hedge : RetryPolicy.forOperation(config, service, op, budget, delayer);
  }

  /**
   * The chain of an operation that is not idempotent and that no governance key applies to, printed at start
   * before any reference is made: the user's filters, the endpoint selection with the default balancer, the
   * transport. ({@code ChainTablesTest} checks it against an assembled chain of such an operation.)
   */
  String describeUngoverned() {
    List<ChainLink> links = new ArrayList<>();
    userFilters.forEach(f -> links.add(ChainLink.of(f, Part.USER_FILTER)));
    links.add(ChainLink.named(EndpointSelection.NAME_PREFIX + loadBalancers.defaultName() + ")", Part.SELECTION));
    links.add(ChainLink.named(EndpointSelection.TransportLink.NAME, Part.TRANSPORT));
    return FilterChains.describe(links);
  }
}
