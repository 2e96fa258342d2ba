package io.axle.internal;

import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.contract.OperationMeta;
import java.util.concurrent.CompletableFuture;

/**
 * One operation of one reference, resolved when the reference is made: its transport, its
 * timeout and its chain, as {@link ConsumerChains} assembled it. A call does no configuration lookup.
 */
final class ConsumerOperation {
  private final OperationMeta meta;
  private final String transport;
  private final long timeoutNanos;
  /** The key that set the timeout ({@code axle.request.timeout.orders.OrderApi.slow}), for its message. */
  private final String timeoutKey;
  private final InvocationListener listener;
  private final InvocationChain chain;

  ConsumerOperation(OperationMeta meta, String transport, long timeoutNanos, String timeoutKey,
      InvocationListener listener, InvocationChain chain) {
    this.meta = meta;
    this.timeoutKey = timeoutKey;
    this.transport = transport;
    this.timeoutNanos = timeoutNanos;
    this.listener = listener;
    this.chain = chain;
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
