package io.axle.internal;

import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.contract.OperationMeta;
import java.util.concurrent.CompletableFuture;

/**
 * One operation of one reference: its transport, its timeout and its chain, as {@link ConsumerChains}
 * assembled it when the reference was made, and again at each configuration change. A call does no
 * configuration lookup.
 */
final class ConsumerOperation {
  private final OperationMeta meta;
  private final InvocationListener listener;
  /**
   * What the calls pass, swapped whole when the configuration changes ({@link #rewire}): a call reads it once
   * as it starts, so a call in flight finishes on the chain it started with.
   */
  private volatile Wiring wiring;

  /**
   * A transport, a timeout, the key that set it ({@code axle.request.timeout.orders.OrderApi.slow}, for its
   * message), and the chain.
   */
  record Wiring(String transport, long timeoutNanos, String timeoutKey, InvocationChain chain) {
  }

  ConsumerOperation(OperationMeta meta, InvocationListener listener, Wiring wiring) {
    this.meta = meta;
    this.listener = listener;
    this.wiring = wiring;
  }

  OperationMeta meta() {
    return meta;
  }

  /** New calls take {@code next}; those in flight finish as they started. */
  void rewire(Wiring next) {
    wiring = next;
  }

  /** What a call starting now passes: read once per call, and handed to {@link #newInvocation} and {@link #call}. */
  Wiring wiring() {
    return wiring;
  }

  /**
   * A fresh invocation with its deadline, its start marked. Made while serving a provider call, it takes that
   * call's deadline when it is sooner than its own timeout: what its caller has left.
   */
  Invocation newInvocation(Wiring wiring, Object[] args) {
    Invocation invocation = new Invocation(Role.CONSUMER, meta, args, listener);
    long start = System.nanoTime();
    invocation.mark(Stage.CONSUMER_START, start);
    long deadline = start + wiring.timeoutNanos();
    Invocation served = Invocation.serving();
    if (served != null) {
      long inherited = served.deadlineNanos();
      if (inherited != 0 && inherited - deadline < 0) {
        deadline = inherited;
        invocation.deadlineFrom(served);
      }
    }
    invocation.deadlineNanos(deadline);
    invocation.timeoutKey(wiring.timeoutKey());
    invocation.transport(wiring.transport());
    return invocation;
  }

  /** Sends the invocation through the chain of the same wiring it was made with. */
  CompletableFuture<Response> call(Wiring wiring, Invocation invocation) {
    return wiring.chain().proceed(invocation);
  }
}
