package io.axle.internal;

import io.axle.Filter;
import io.axle.config.AxleConfig;
import io.axle.contract.OperationMeta;
import io.axle.internal.ChainLink.Part;
import io.axle.policy.Admission;
import io.axle.policy.OperationScope;
import io.axle.policy.PolicyFactory;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The provider chains of a runtime, assembled in one place: {@link #assemble} lists, in the order a call
 * passes them, every link of one served operation, and that one list both builds what the calls walk and
 * describes it ({@code OperationInfo}, the start-up log's {@code serves} lines, Actuator, the tables of
 * docs/architecture.md).
 *
 * <p>Fault injection comes after the user's filters, right before the method: a tracing or metrics filter
 * then sees an injected failure or delay as it would see a real one, which is what injecting it is for.
 */
final class ProviderChains {
  private static final Logger log = LoggerFactory.getLogger(AxleRuntime.class);

  private final AxleConfig config;
  private final String service;
  private final List<Filter> userFilters;
  private final List<PolicyFactory> policies;
  private final LinkObserver observer;

  ProviderChains(AxleConfig config, String service, List<Filter> userFilters, List<PolicyFactory> policies,
      LinkObserver observer) {
    this.config = config;
    this.service = service;
    this.userFilters = List.copyOf(userFilters);
    this.policies = policies;
    this.observer = observer;
  }

  /** One served operation's links, the chain built from them, and its admissions, which run before its queue. */
  record Assembled(List<ChainLink> links, InvocationChain chain, List<Admission> admissions) {
    /** The links after the executor's queue: {@code [observation] -> method}. */
    String describe() {
      return FilterChains.describe(links.stream().filter(l -> l.part() != Part.ADMISSION).toList());
    }
  }

  /** The chain of {@code op}, served by {@code implementation}: every link, in order. */
  Assembled assemble(OperationMeta op, Object implementation) {
    OperationScope scope = new OperationScope(config, service, op);
    List<Admission> admissions = new ArrayList<>();
    policies.forEach(p -> admissions.addAll(p.providerAdmissions(scope)));
    FaultInjection fault = FaultInjection.forOperation(config, op.schemaId(), op);
    if (fault != null) {
      // Loud: a fault left configured in production fails real calls.
      log.warn("{}: {} (axle.governance.fault.*)", op.qualifiedName(), fault.name());
    }

    List<ChainLink> links = new ArrayList<>();
    // 1. Admissions (bulkhead, rate limit, adaptive limit), on the event loop before the executor's queue.
    admissions.forEach(a -> links.add(ChainLink.named(a.name(), Part.ADMISSION)));
    // 2. The user's filters, on the executor.
    userFilters.forEach(f -> links.add(ChainLink.of(f, Part.PROVIDER_FILTER)));
    // 3. Fault injection, when configured.
    if (fault != null) {
      links.add(ChainLink.of(fault, Part.FAULT));
    }
    // 4. The method.
    links.add(ChainLink.named("method", Part.METHOD));

    InvocationChain chain = FilterChains.build(op, links, new MethodInvoker(op, implementation), observer);
    return new Assembled(List.copyOf(links), chain, observed(op, admissions));
  }

  /** The admissions, each telling the observer when a call reaches it (when there is one). */
  private List<Admission> observed(OperationMeta op, List<Admission> admissions) {
    if (observer == null) {
      return List.copyOf(admissions);
    }
    return admissions.stream().<Admission>map(a -> new Admission() {
      @Override
      public Ticket tryAdmit() {
        observer.entered(op, a.name());
        return a.tryAdmit();
      }

      @Override
      public String refusal() {
        return a.refusal();
      }

      @Override
      public String name() {
        return a.name();
      }
    }).toList();
  }
}
