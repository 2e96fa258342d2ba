package io.axle.internal;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Invocation;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.registry.Endpoint;
import io.axle.registry.ServiceInstances;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The consumer chain's link that picks the provider instance: one of the service's endpoints for
 * the reference's transport, as the registry's watch last listed them, taken round-robin (one turn
 * per operation). It sets {@link Invocation#endpoint} and hands on to the transport link. Load
 * balancing and instance isolation belong here; a filter placed before it that proceeds again once
 * the first attempt ended (a retry) gets a new pick. Attempts in parallel (hedging) would share the
 * one invocation's endpoint and stage marks: they need per-attempt state first.
 */
final class EndpointSelection implements Filter {
  private final String serviceName;
  private final String transport;
  private final ServiceInstances instances;
  private final AtomicInteger roundRobin = new AtomicInteger();
  private volatile List<Endpoint> endpoints;

  EndpointSelection(String serviceName, String transport, ServiceInstances instances) {
    this.serviceName = serviceName;
    this.transport = transport;
    this.instances = instances;
    this.endpoints = matching(instances.endpoints());
    instances.watch(all -> this.endpoints = matching(all));
  }

  @Override
  public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
    // The one implementation of the sealed Call.
    Invocation invocation = (Invocation) call;
    List<Endpoint> candidates = endpoints;
    if (candidates.isEmpty()) {
      return CompletableFuture.completedFuture(Response.failure(Status.CONNECTION_FAILED,
          "no " + transport + " endpoint for service " + serviceName + " (registry lists "
              + instances.endpoints() + "; expected: a " + transport + "://host:port entry in axle.registry.local."
              + serviceName + ")"));
    }
    if (invocation.isExpired()) {
      return CompletableFuture.completedFuture(Response.failure(Status.DEADLINE_EXCEEDED,
          invocation.operation().qualifiedName() + " timed out before it was sent"));
    }
    invocation.endpoint(candidates.get(Math.floorMod(roundRobin.getAndIncrement(), candidates.size())));
    return next.proceed(invocation);
  }

  @Override
  public String name() {
    return NAME;
  }

  /** How the chain printed at start-up names this link. */
  static final String NAME = "endpoint-selection(round-robin)";

  private List<Endpoint> matching(List<Endpoint> all) {
    List<Endpoint> matching = new ArrayList<>(all.size());
    for (Endpoint e : all) {
      if (e.transport().equals(transport)) {
        matching.add(e);
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
