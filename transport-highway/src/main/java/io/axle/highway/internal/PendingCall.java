package io.axle.highway.internal;

import io.axle.Invocation;
import io.axle.Response;
import io.axle.transport.InFlightCalls;
import io.axle.internal.DeadlineWheel;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.CompletableFuture;

/**
 * A consumer call owned by one connection's event loop from the moment it is drained: every
 * field but the constructor's is read and written on that loop only. It is its own node in the
 * connection's {@link io.axle.internal.DeadlineTimer} while its deadline is armed.
 */
final class PendingCall extends DeadlineWheel.Node {
  final Invocation invocation;
  final OperationCodec codec;
  final CompletableFuture<Response> future = new CompletableFuture<>();
  /** The client's count of calls in flight, for a graceful stop; decremented once, on completion. */
  private final InFlightCalls inFlight;
  /** The encoded request until it is handed to the channel; then null (the channel owns it). */
  ByteBuf request;
  long requestId;

  PendingCall(Invocation invocation, OperationCodec codec, ByteBuf request, InFlightCalls inFlight) {
    this.invocation = invocation;
    this.codec = codec;
    this.request = request;
    this.inFlight = inFlight;
    inFlight.started();
  }

  /**
   * Completes the call once; later completions (a late response after a timeout) are ignored. Runs on
   * the connection's event loop, which owns the deadline wheel; a call whose deadline is not armed
   * (never armed, or expired) is left alone there.
   */
  void complete(Response response) {
    disarm();
    if (request != null) {
      request.release();
      request = null;
    }
    if (future.complete(response)) {
      inFlight.ended();
    }
  }
}
