package io.axle.internal;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Invocation;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.loadbalance.LoadBalancer;
import io.axle.registry.Endpoint;
import io.axle.registry.Registry;
import io.axle.registry.ServiceInstance;
import io.axle.registry.ServiceInstances;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The consumer chain's link that picks the provider instance: one of the service's UP instances
 * with an endpoint for the reference's transport, as the registry's watch last listed them, less
 * the isolated ones (while any other is left), chosen by the operation's {@link LoadBalancer}. It
 * sets {@link Invocation#endpoint} and hands on to the transport link.
 *
 * <p>A call that failed before any of it was written (its connection could not be made or closed
 * first) or that the provider refused unrun because it is stopping is sent again to another
 * instance not tried yet, while its deadline allows: neither can have run anywhere, so neither is
 * a retry that could run an operation twice. A connection failure isolates its endpoint for a
 * back-off ({@link EndpointStates}); an answer ends the isolation.
 *
 * <p>A filter placed before this link that proceeds again once the first attempt ended (a retry)
 * gets a new pick. Attempts in parallel (hedging) would share the one invocation's endpoint and
 * stage marks: they need per-attempt state first.
 */
final class EndpointSelection implements Filter {
  private final String serviceName;
  private final String transport;
  private final Registry registry;
  private final ServiceInstances instances;
  private final LoadBalancer balancer;
  private final String balancerName;
  private final EndpointStates states;
  private volatile List<Target> targets;

  /** An instance's endpoint for the transport, with the consumer's state of it. */
  private record Target(ServiceInstance instance, Endpoint endpoint, EndpointStates.State state)
      implements LoadBalancer.Candidate {
    @Override
    public int outstanding() {
      return state.outstanding();
    }
  }

  EndpointSelection(String serviceName, String transport, Registry registry, LoadBalancer balancer,
      String balancerName, EndpointStates states) {
    this.serviceName = serviceName;
    this.transport = transport;
    this.registry = registry;
    this.instances = registry.lookup(serviceName);
    this.balancer = balancer;
    this.balancerName = balancerName;
    this.states = states;
    this.targets = targets(instances.instances());
    instances.watch(all -> this.targets = targets(all));
  }

  @Override
  public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
    // The one implementation of the sealed Call.
    Invocation invocation = (Invocation) call;
    List<Target> all = targets;
    if (all.isEmpty()) {
      return CompletableFuture.completedFuture(Response.failure(Status.CONNECTION_FAILED, noInstance()));
    }
    if (invocation.isExpired()) {
      return CompletableFuture.completedFuture(Response.failure(Status.DEADLINE_EXCEEDED,
          invocation.operation().qualifiedName() + " timed out before it was sent"));
    }
    return attempt(invocation, next, all, List.of());
  }

  private CompletableFuture<Response> attempt(Invocation invocation, FilterChain next, List<Target> all,
      List<Target> tried) {
    Target target = (Target) balancer.pick(candidates(all, tried));
    invocation.endpoint(target.endpoint());
    long writtenBefore = invocation.stageNanos(Stage.CONSUMER_WRITTEN);
    target.state().started();
    return next.proceed(invocation).thenCompose(response -> {
      target.state().ended();
      Status status = response.status();
      boolean written = invocation.stageNanos(Stage.CONSUMER_WRITTEN) != writtenBefore;
      if (status == Status.CONNECTION_FAILED) {
        target.state().connectionFailed(response.error() != null ? response.error().getMessage() : "");
      } else if (written) {
        target.state().answered();
      }
      boolean unrun = (status == Status.CONNECTION_FAILED && !written) || status == Status.SHUTTING_DOWN;
      if (!unrun || invocation.isExpired() || tried.size() + 1 >= all.size()) {
        return CompletableFuture.completedFuture(response);
      }
      List<Target> triedNow = new ArrayList<>(tried.size() + 1);
      triedNow.addAll(tried);
      triedNow.add(target);
      return attempt(invocation, next, all, triedNow);
    });
  }

  /** The targets not tried yet, less the isolated ones unless none would be left. */
  private static List<Target> candidates(List<Target> all, List<Target> tried) {
    long now = System.nanoTime();
    List<Target> healthy = null;
    for (int i = 0; i < all.size(); i++) {
      Target target = all.get(i);
      boolean skip = target.state().isIsolated(now) || tried.contains(target);
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
    return untried;
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
        matching.add(new Target(instance, endpoint, states.of(endpoint)));
      }
    }
    return List.copyOf(matching);
  }

  /** The last link: sends to the endpoint the selection picked, over the reference's transport. */
  record TransportLink(io.axle.transport.Transport transport) implements FilterChain {
    /** How the chain printed at start-up names this link. */
    static final String NAME = "transport";

    @Override
    public CompletableFuture<Response> proceed(Call call) {
      Invocation invocation = (Invocation) call;
      invocation.mark(Stage.CONSUMER_SEND);
      return transport.send(invocation, invocation.endpoint());
    }
  }
}
