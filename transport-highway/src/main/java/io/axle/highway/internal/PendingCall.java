package io.axle.highway.internal;

import io.axle.registry.Endpoint;
import io.axle.transport.Attempt;
import io.axle.transport.InFlightCalls;
import io.axle.transport.calls.ConsumerCall;
import io.netty.buffer.ByteBuf;

/** A highway consumer call: the shared call plus its codec and its encoded request until written. */
final class PendingCall extends ConsumerCall {
  final OperationCodec codec;
  /** The encoded request until it is handed to the channel; then null (the channel owns it). Loop-only. */
  ByteBuf request;

  PendingCall(Attempt invocation, Endpoint endpoint, OperationCodec codec, ByteBuf request, InFlightCalls inFlight) {
    super(invocation, endpoint, inFlight);
    this.codec = codec;
    this.request = request;
  }

  @Override
  protected void released() {
    if (request != null) {
      request.release();
      request = null;
    }
  }
}
