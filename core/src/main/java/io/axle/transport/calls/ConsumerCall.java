package io.axle.transport.calls;

import io.axle.Response;
import io.axle.registry.Endpoint;
import io.axle.transport.Attempt;
import io.axle.transport.InFlightCalls;
import java.util.concurrent.CompletableFuture;

/**
 * One consumer call on its way to one endpoint, owned by one event loop from the moment that loop
 * admits it to its {@link PendingCalls}: every field but the constructor's is read and written on
 * that loop only. It is its own node in the table's {@link DeadlineTimer} while its deadline is
 * armed. A transport extends it with what its wire needs (the encoded request, the HTTP request).
 */
public abstract class ConsumerCall extends DeadlineWheel.Node {
  private final Attempt invocation;
  private final Endpoint endpoint;
  private final CompletableFuture<Response> future = new CompletableFuture<>();
  /** The transport's count of calls in flight, for a graceful stop; decremented once, on completion. */
  private final InFlightCalls inFlight;
  /** The id the table gave it; what a response names on a multiplexed wire. */
  long id;
  /** When the table admitted it, for a call with no start mark (a transport driven directly). */
  long admittedNanos;
  /** Set by the first completion; loop-only. */
  private boolean ended;

  protected ConsumerCall(Attempt invocation, Endpoint endpoint, InFlightCalls inFlight) {
    this.invocation = invocation;
    this.endpoint = endpoint;
    this.inFlight = inFlight;
    inFlight.started();
  }

  public final Attempt invocation() {
    return invocation;
  }

  public final Endpoint endpoint() {
    return endpoint;
  }

  /** The id its table gave it, 0 before. */
  public final long id() {
    return id;
  }

  /** Completes with the response or a failure {@link Response}, never exceptionally. */
  public final CompletableFuture<Response> future() {
    return future;
  }

  /** True once completed (or its future was cancelled). */
  public final boolean isDone() {
    return ended || future.isDone();
  }

  public final String operationName() {
    return invocation.operation().qualifiedName();
  }

  /**
   * Completes the call once; later completions (a late answer after a timeout) are ignored. Runs on
   * the owning loop, which owns the deadline timer.
   */
  public final void complete(Response response) {
    disarm();
    released();
    if (!ended) {
      // Counted out before the future completes: whoever the answer wakes sees the call ended, and a
      // future the caller cancelled still leaves the count.
      ended = true;
      inFlight.ended();
    }
    future.complete(response);
  }

  /** Frees what the call still holds (an encoded request never written); called on every completion. */
  protected void released() {
  }
}
