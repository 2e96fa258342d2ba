package io.axle.internal;

import io.axle.InvocationListener;
import io.axle.Role;
import io.axle.contract.OperationMeta;

/**
 * Invocations for tests and benchmarks that drive a transport, a codec or a listener directly, without a
 * runtime: only the runtime makes them otherwise ({@link Invocation}'s constructors are package-private).
 */
public final class TestInvocations {
  private TestInvocations() {
  }

  /** An invocation nobody listens to. */
  public static Invocation of(Role role, OperationMeta operation, Object[] args) {
    return new Invocation(role, operation, args);
  }

  /** An invocation whose stages and end {@code listener} hears. */
  public static Invocation of(Role role, OperationMeta operation, Object[] args, InvocationListener listener) {
    return new Invocation(role, operation, args, listener);
  }

  /** Sets the transport, as a reference or a server does. */
  public static Invocation onTransport(Invocation invocation, String transport) {
    invocation.transport(transport);
    return invocation;
  }

  /** Counts an attempt sent again, as a retry or a hedge link does. */
  public static void attemptedAgain(Invocation invocation) {
    invocation.attemptedAgain();
  }

  /** Marks {@code onward} as taking its deadline from {@code served}, as a call made while serving one does. */
  public static void inheritDeadline(Invocation onward, Invocation served) {
    onward.deadlineFrom(served);
  }

  /** Makes {@code attempt} one of a hedged call's, which the runtime may cancel. */
  public static void hedged(Invocation attempt) {
    attempt.markCancellable();
  }
}
