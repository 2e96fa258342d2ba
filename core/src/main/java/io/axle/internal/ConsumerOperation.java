package io.axle.internal;

import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Invocation;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Role;
import io.axle.contract.OperationMeta;
import io.axle.transport.Transport;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * One operation of one reference, resolved when the reference is made: its transport, its
 * timeout and its chain, which ends in an {@link EndpointSelection} and its transport link. A call
 * does no configuration lookup.
 */
final class ConsumerOperation {
  private final OperationMeta meta;
  private final String transport;
  private final long timeoutNanos;
  /** The key that set the timeout ({@code axle.request.timeout.orders.OrderApi.slow}), for its message. */
  private final String timeoutKey;
  private final InvocationListener listener;
  private final FilterChain chain;

  ConsumerOperation(OperationMeta meta, Transport transport, long timeoutNanos, String timeoutKey,
      InvocationListener listener, List<Filter> filters, EndpointSelection selection, List<Filter> attemptLinks) {
    this.meta = meta;
    this.timeoutKey = timeoutKey;
    this.transport = transport.name();
    this.timeoutNanos = timeoutNanos;
    this.listener = listener;
    // Links after the selection see the instance it picked, once per attempt.
    FilterChain attempt = FilterChains.build(attemptLinks, new EndpointSelection.TransportLink(transport));
    this.chain = FilterChains.build(links(filters, selection), attempt);
  }

  /** The user's filters, then the selection: retry and hedging filters wrap the pick of an instance. */
  static List<Filter> links(List<Filter> filters, Filter selection) {
    List<Filter> links = new ArrayList<>(filters.size() + 1);
    links.addAll(filters);
    links.add(selection);
    return links;
  }

  OperationMeta meta() {
    return meta;
  }

  /**
   * A fresh invocation with its deadline, its start marked. Made while serving a provider call, it
   * takes that call's deadline when it is sooner than its own timeout: what its caller has left.
   */
  Invocation newInvocation(Object[] args) {
    Invocation invocation = new Invocation(Role.CONSUMER, meta, args, listener);
    long start = System.nanoTime();
    invocation.mark(Stage.CONSUMER_START, start);
    long deadline = start + timeoutNanos;
    Invocation served = Invocation.serving();
    if (served != null) {
      long inherited = served.deadlineNanos();
      if (inherited != 0 && inherited - deadline < 0) {
        deadline = inherited;
        invocation.deadlineFrom(served);
      }
    }
    invocation.deadlineNanos(deadline);
    invocation.timeoutKey(timeoutKey);
    invocation.transport(transport);
    return invocation;
  }

  /** Sends the invocation through the consumer chain. */
  CompletableFuture<Response> call(Invocation invocation) {
    return chain.proceed(invocation);
  }
}
