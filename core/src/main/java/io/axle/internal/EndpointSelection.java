package io.axle.internal;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.loadbalance.LoadBalancer;
import io.axle.registry.Endpoint;
import io.axle.registry.Registry;
import io.axle.registry.ServiceInstance;
import io.axle.registry.ServiceInstances;
import io.axle.registry.Watch;
import io.axle.transport.CallFailures;
import io.axle.transport.calls.Resend;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The consumer chain's link that picks the provider instance: one of the service's UP instances
 * with an endpoint for the reference's transport, as the registry's watch last listed them, less
 * the isolated ones (while any other is left), chosen by the operation's {@link LoadBalancer}. It
 * sets {@link Invocation#endpoint} and hands on to the transport link.
 *
 * <p>A call that failed before any of it was written (its connection could not be made or closed
 * first), or that a provider refused before running it ({@link io.axle.AxleException#isNotRun}:
 * an admission limit, a full queue, a provider stopping), is sent again to another instance not
 * tried yet, while its deadline allows: it cannot have run anywhere, so this is never a retry that
 * could run an operation twice. Resends of refusals that came over the wire spend the service's
 * {@link RetryBudget}, so an overload of every instance is not multiplied; a refusal made before
 * anything was sent (an open per-instance breaker) costs nothing. A connection failure isolates its endpoint for a
 * back-off ({@link EndpointStates}); an answer ends the isolation.
 *
 * <p>A filter placed before this link that proceeds again once the first attempt ended (a retry)
 * gets a new pick; a hedge, an attempt of its own ({@link Invocation#hedgeAttempt}), avoids the first
 * attempt's instance and is not sent when there is no other.
 */
final class EndpointSelection implements RuntimeLink {
  private final String serviceName;
  private final String transport;
  private final Registry registry;
  private final ServiceInstances instances;
  private final LoadBalancer balancer;
  private final boolean countsOutstanding;
  private final String balancerName;
  private final EndpointStates states;
  /** The service's retry budget: a refusal sent on to another instance spends from it. */
  private final RetryBudget budget;
  /** True when no retry or hedge link of the operation deposits its calls in the budget: this link does. */
  private final boolean depositsCalls;
  /** {@code axle.loadbalance.isolation.refused-backoff}: how long a refusing instance is skipped; 0 never. */
  private final long refusedBackoffNanos;
  /** When an instance last refused this operation a call, 0 when none lately: while set, picks look at refusals. */
  private final AtomicLong lastRefusalNanos = new AtomicLong();
  private volatile List<Target> targets;
  /** The registry's watch of the service, closed with this link. */
  private final Watch watch;

  /**
   * An instance's endpoint for the transport, with the consumer's state of it, and until when this
   * operation skips it after a refusal (0: not skipped). Refusals are per operation: a provider's
   * limits are, so one operation at its limit does not turn the others away from the instance.
   */
  private record Target(ServiceInstance instance, Endpoint endpoint, EndpointStates.State state,
      AtomicLong refusedUntilNanos) implements LoadBalancer.Candidate {
    @Override
    public int outstanding() {
      return state.outstanding();
    }
  }

  EndpointSelection(String serviceName, String transport, Registry registry, LoadBalancers.Choice choice,
      EndpointStates states, RetryBudget budget, boolean depositsCalls, java.time.Duration refusedBackoff) {
    this.refusedBackoffNanos = refusedBackoff.toNanos();
    this.budget = budget;
    this.depositsCalls = depositsCalls;
    this.serviceName = serviceName;
    this.transport = transport;
    this.registry = registry;
    this.instances = registry.lookup(serviceName);
    this.balancer = choice.balancer();
    this.countsOutstanding = balancer.readsOutstanding();
    this.balancerName = choice.name();
    this.states = states;
    // Watch first, then read: a change between the two is not missed, and each refresh reads the
    // registry's latest list, so the last one to run leaves the latest in place.
    watch = instances.watch(all -> refresh());
    refresh();
  }

  /**
   * Stops following the registry: its listener is taken off (and a remote registry may stop watching the
   * service). Calls still pick from the last list. Idempotent.
   */
  void close() {
    watch.close();
  }

  private synchronized void refresh() {
    targets = targets(instances.instances());
  }

  @Override
  public CompletableFuture<Response> onInvocation(Invocation invocation, InvocationChain next) {
    List<Target> all = targets;
    if (all.isEmpty()) {
      return CompletableFuture.completedFuture(Response.failure(Status.CONNECTION_FAILED, noInstance()));
    }
    if (invocation.isExpired()) {
      return CompletableFuture.completedFuture(Response.failure(Status.DEADLINE_EXCEEDED,
          invocation.operation().qualifiedName() + " timed out before it was sent"
              + CallFailures.inherited(invocation.deadlineFrom())));
    }
    if (all.size() == 1 && invocation.isHedge()) {
      // A hedge goes to another instance or nowhere: a second call to the one that is slow would only add load.
      return CompletableFuture.completedFuture(Response.failure(AxleException.notRun(Status.OVERLOADED,
          invocation.operation().qualifiedName() + " was not hedged: no other instance of " + serviceName)));
    }
    if (all.size() == 1 && !countsOutstanding) {
      // One instance: no other to fail over to or to prefer, so the call needs no follow-up stage,
      // and costs what it did before there was a choice.
      invocation.endpoint(all.get(0).endpoint());
      return next.proceed(invocation);
    }
    if (depositsCalls) {
      budget.deposit();
    }
    return attempt(invocation, next, all, previousAttempt(invocation, all));
  }

  /**
   * A filter that proceeds again (a retry) finds the endpoint of the attempt before on the
   * invocation: that instance is avoided while another is listed.
   */
  private static List<Target> previousAttempt(Invocation invocation, List<Target> all) {
    Endpoint previous = invocation.endpoint();
    if (previous != null) {
      for (Target target : all) {
        if (target.endpoint().equals(previous)) {
          return List.of(target);
        }
      }
    }
    return List.of();
  }

  private CompletableFuture<Response> attempt(Invocation invocation, InvocationChain next, List<Target> all,
      List<Target> tried) {
    List<Target> candidates = tried.isEmpty() && states.noneFailing() && noRecentRefusal() ? all
        : candidates(all, tried);
    // Only the candidates it was given are Targets; null or an object of its own making is a bug in it.
    if (!(balancer.pick(candidates) instanceof Target target)) {
      return CompletableFuture.completedFuture(Response.failure(Status.INTERNAL_ERROR, "load balancer "
          + balancerName + " picked no candidate for " + invocation.operation().qualifiedName()
          + " (expected: one of the candidates it was given, never null)"));
    }
    invocation.endpoint(target.endpoint());
    int writesBefore = invocation.requestWrites();
    CompletableFuture<Response> sent;
    if (countsOutstanding) {
      target.state().started();
      try {
        // Counted out however the attempt ends, an exceptional future (a broken transport) included.
        sent = next.proceed(invocation).whenComplete((response, error) -> target.state().ended());
      } catch (RuntimeException e) {
        target.state().ended();
        throw e;
      }
    } else {
      sent = next.proceed(invocation);
    }
    return sent.thenCompose(response -> {
      if (invocation.isCancelled()) {
        // A hedged attempt given up by its call: whatever ended it says nothing about the instance.
        return CompletableFuture.completedFuture(response);
      }
      Status status = response.status();
      // Counted by the transport whether or not a listener times the stages.
      boolean written = invocation.requestWrites() != writesBefore;
      if (status == Status.CONNECTION_FAILED) {
        target.state().connectionFailed(response.error() != null ? response.error().getMessage() : "");
      } else if (written && status != Status.DEADLINE_EXCEEDED) {
        // An answer came over the connection (a timeout is the consumer's own timer, not one).
        target.state().answered();
      }
      if (response.isOk()) {
        return CompletableFuture.completedFuture(response);
      }
      // Only what cannot have run anywhere goes to another instance (Resend's rules): nothing of it was
      // written, or the provider refused it before its method ran (marked so on the wire). A bare
      // SHUTTING_DOWN or OVERLOADED is not enough: a provider may relay one from a call of its own after its method ran.
      Resend.Attempt ended = Resend.Attempt.of(response, written, !invocation.isExpired(), false);
      if (ended.notRun() && (written || status != Status.CONNECTION_FAILED)) {
        // Skipped for a moment by this operation's next picks, so that its refusals do not drain the budget.
        refusedBy(target);
      }
      Resend.Verdict verdict = Resend.verdict(Resend.Way.FAILOVER, ended);
      if (!verdict.mayResend() || tried.size() + 1 >= all.size()) {
        return CompletableFuture.completedFuture(response);
      }
      if (verdict == Resend.Verdict.IF_BUDGET_ALLOWS && !budget.tryWithdraw()) {
        // Another instance may take it, but an overload everywhere must not double the load.
        return CompletableFuture.completedFuture(response);
      }
      List<Target> triedNow = new ArrayList<>(tried.size() + 1);
      triedNow.addAll(tried);
      triedNow.add(target);
      try {
        return attempt(invocation, next, all, triedNow);
      } catch (RuntimeException e) {
        // A balancer or a link that threw on the loop: the call ends with the first attempt's failure.
        return CompletableFuture.completedFuture(response);
      }
    });
  }

  private void refusedBy(Target target) {
    if (refusedBackoffNanos > 0) {
      long now = System.nanoTime();
      target.refusedUntilNanos().set(now + refusedBackoffNanos);
      lastRefusalNanos.accumulateAndGet(now, Math::max);
    }
  }

  /**
   * True when no instance refused this operation a call within the refused back-off: the common case,
   * checked without a clock unless a refusal came lately.
   */
  private boolean noRecentRefusal() {
    long refusal = lastRefusalNanos.get();
    if (refusal == 0) {
      return true;
    }
    if (System.nanoTime() - refusal - refusedBackoffNanos >= 0) {
      // Only the value read is cleared: a refusal recorded meanwhile stays.
      lastRefusalNanos.compareAndSet(refusal, 0);
      return true;
    }
    return false;
  }

  /** The targets not tried yet, less the isolated and refusing ones unless none would be left. */
  private static List<Target> candidates(List<Target> all, List<Target> tried) {
    List<Target> healthy = null;
    long now = System.nanoTime();
    for (int i = 0; i < all.size(); i++) {
      Target target = all.get(i);
      long refusedUntil = target.refusedUntilNanos().get();
      boolean skip = target.state().isIsolated(now) || refusedUntil != 0 && now - refusedUntil < 0
          || tried.contains(target);
      if (skip && healthy == null) {
        healthy = new ArrayList<>(all.subList(0, i));
      } else if (!skip && healthy != null) {
        healthy.add(target);
      }
    }
    if (healthy == null) {
      return all;
    }
    if (!healthy.isEmpty()) {
      return healthy;
    }
    List<Target> untried = new ArrayList<>(all);
    untried.removeAll(tried);
    // Every one tried (a retry of a call to the one instance listed): it is picked again.
    return untried.isEmpty() ? all : untried;
  }

  private String noInstance() {
    return "no UP " + transport + " endpoint for service " + serviceName + " in " + registry.describe()
        + " (instances: " + describe(instances.instances()) + "; expected: "
        + registry.howToList(serviceName, transport) + ")";
  }

  /** {@code [highway://10.0.0.5:7070 UP]} for the local list, {@code [orders-1 DOWN [highway://…]]} otherwise. */
  private static String describe(List<ServiceInstance> listed) {
    List<String> parts = new ArrayList<>();
    for (ServiceInstance instance : listed) {
      boolean namedByEndpoint = instance.endpoints().size() == 1
          && instance.instanceId().equals(instance.endpoints().get(0).toString());
      parts.add(namedByEndpoint ? instance.instanceId() + " " + instance.status()
          : instance.instanceId() + " " + instance.status() + " " + instance.endpoints());
    }
    return parts.toString();
  }

  @Override
  public String name() {
    return NAME_PREFIX + balancerName + ")";
  }

  /** How the chain printed at start-up names this link, before the balancer's name. */
  static final String NAME_PREFIX = "endpoint-selection(";

  private List<Target> targets(List<ServiceInstance> all) {
    List<Target> matching = new ArrayList<>(all.size());
    for (ServiceInstance instance : all) {
      Endpoint endpoint = instance.isUp() ? instance.endpoint(transport) : null;
      if (endpoint != null) {
        matching.add(new Target(instance, endpoint, states.of(endpoint), new AtomicLong()));
      }
    }
    return List.copyOf(matching);
  }

  /** The last link: sends to the endpoint the selection picked, over the reference's transport. */
  record TransportLink(io.axle.transport.Transport transport) implements InvocationChain {
    /** How the chain printed at start-up names this link. */
    static final String NAME = "transport";

    @Override
    public CompletableFuture<Response> proceed(Invocation invocation) {
      if (invocation.isCancelled()) {
        // An attempt that lost before it was sent: nothing goes out, and what ends it is a cancellation,
        // not a failure (no isolation, no failover, nothing counted against the instance).
        CompletableFuture<Response> cancelled = new CompletableFuture<>();
        cancelled.cancel(false);
        return cancelled;
      }
      invocation.mark(Stage.CONSUMER_SEND);
      CompletableFuture<Response> sent = transport.send(invocation, invocation.endpoint());
      if (invocation.isCancellable()) {
        // The transport's own future: cancelled, its call is not sent if still queued, and its answer ignored.
        invocation.onCancel(() -> sent.cancel(false));
      }
      return sent;
    }
  }
}
