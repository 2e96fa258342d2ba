package io.axle.policy;

import io.axle.Response;

/**
 * A provider-side check that a call may start, made on the event loop that read it before it is
 * queued to its executor (docs/governance.md): a call refused costs only its answer, and waits in
 * no queue. A refused call is answered {@code OVERLOADED}, marked as not run, so that its consumer
 * may send it to another instance whatever the operation.
 *
 * <p>Implementations are called from every event loop at once and must not block.
 */
public interface Admission {
  /** A ticket for a call that may start, or {@code null} when it may not. */
  Ticket tryAdmit();

  /** Why the last refusal happened, naming the limit and the key that sets it; for the answer. */
  String refusal();

  /** As printed in the provider's chain at start-up, e.g. {@code rate-limit(200/s)}. */
  String name();

  /** An admitted call; {@link #release} is called exactly once, with the call's answer. */
  @FunctionalInterface
  interface Ticket {
    /** The call ended with {@code response} (an OK, an error, or a refusal by a later admission). */
    void release(Response response);
  }
}
