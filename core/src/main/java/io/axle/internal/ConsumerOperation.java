package io.axle.internal;

import io.axle.FilterChain;
import io.axle.Invocation;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.registry.Endpoint;
import io.axle.registry.ServiceInstances;
import io.axle.transport.Transport;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One operation of one reference, resolved when the reference is made: its transport, its
 * timeout, its instances and its chain. A call does no configuration lookup.
 */
final class ConsumerOperation implements FilterChain {
  private final String serviceName;
  private final OperationMeta meta;
  private final Transport transport;
  private final long timeoutNanos;
  private final ServiceInstances instances;
  private final InvocationListener listener;
  private final AtomicInteger roundRobin = new AtomicInteger();
  private volatile List<Endpoint> endpoints;
  private FilterChain chain;

  ConsumerOperation(String serviceName, OperationMeta meta, Transport transport, long timeoutNanos,
      ServiceInstances instances, InvocationListener listener) {
    this.listener = listener;
    this.serviceName = serviceName;
    this.meta = meta;
    this.transport = transport;
    this.timeoutNanos = timeoutNanos;
    this.instances = instances;
    this.endpoints = filter(instances.endpoints());
    instances.watch(all -> this.endpoints = filter(all));
  }

  void chain(FilterChain chain) {
    this.chain = chain;
  }

  OperationMeta meta() {
    return meta;
  }



  /** A fresh invocation with its deadline, its start marked. */
  Invocation newInvocation(Object[] args) {
    Invocation invocation = new Invocation(io.axle.Role.CONSUMER, meta, args, listener);
    long start = System.nanoTime();
    invocation.mark(Stage.CONSUMER_START, start);
    invocation.deadlineNanos(start + timeoutNanos);
    invocation.transport(transport.name());
    return invocation;
  }

  /** Sends the invocation through the consumer chain. */
  CompletableFuture<Response> call(Invocation invocation) {
    return chain.proceed(invocation);
  }

  /** The end of the consumer chain: pick an endpoint round-robin and send. */
  @Override
  public CompletableFuture<Response> proceed(Invocation invocation) {
    List<Endpoint> candidates = endpoints;
    if (candidates.isEmpty()) {
      return CompletableFuture.completedFuture(Response.failure(Status.CONNECTION_FAILED,
          "no " + transport.name() + " endpoint for service " + serviceName + " (registry lists "
              + instances.endpoints() + "; expected: a " + transport.name()
              + "://host:port entry in axle.registry.local." + serviceName + ")"));
    }
    if (invocation.isExpired()) {
      return CompletableFuture.completedFuture(Response.failure(Status.DEADLINE_EXCEEDED,
          meta.qualifiedName() + " timed out before it was sent"));
    }
    Endpoint endpoint = candidates.get(Math.floorMod(roundRobin.getAndIncrement(), candidates.size()));
    invocation.endpoint(endpoint);
    invocation.mark(Stage.CONSUMER_SEND);
    return transport.send(invocation, endpoint);
  }

  private List<Endpoint> filter(List<Endpoint> all) {
    List<Endpoint> matching = new ArrayList<>(all.size());
    for (Endpoint e : all) {
      if (e.transport().equals(transport.name())) {
        matching.add(e);
      }
    }
    return List.copyOf(matching);
  }
}
