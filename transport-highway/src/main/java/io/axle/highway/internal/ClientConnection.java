package io.axle.highway.internal;

import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.registry.Endpoint;
import io.axle.transport.CallFailures;
import io.axle.transport.calls.LoopOutbox;
import io.axle.transport.calls.PendingCalls;
import io.axle.transport.internal.WireCounting;
import io.axle.transport.tls.TlsFailures;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.DecoderException;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.net.NetSocketInternal;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer connection to one endpoint, bound to one event loop. Calls from any thread go
 * through a {@link LoopOutbox}; on the loop each is admitted to the connection's
 * {@link PendingCalls} (an id, its deadline armed) and written, with one flush per drain or read
 * burst. Responses are matched by id and may come in any order. Everything but the outbox's queue
 * is touched only on the event loop, so it needs no locks.
 */
public final class ClientConnection extends ChannelInboundHandlerAdapter implements LoopOutbox.Sink<PendingCall> {
  private static final Logger log = LoggerFactory.getLogger(ClientConnection.class);

  private enum State { CONNECTING, OPEN, DRAINING, CLOSED }

  private final Endpoint endpoint;
  private final ContextInternal context;
  private final EventLoop eventLoop;
  private final FrameLimits limits;
  private final LoopOutbox<PendingCall> outbox;
  /** Requests written since the last flush, not yet handed to the channel; loop-only. */
  private final WriteBatch batch = new WriteBatch();
  private final PendingCalls<PendingCall> pending;
  private final List<PendingCall> awaitingConnect = new ArrayList<>();
  private volatile State state = State.CONNECTING;
  private ChannelHandlerContext ctx;
  private String closeReason;

  ClientConnection(Endpoint endpoint, ContextInternal context, FrameLimits limits) {
    this.endpoint = endpoint;
    this.context = context;
    this.eventLoop = context.nettyEventLoop();
    this.limits = limits;
    this.outbox = new LoopOutbox<>(eventLoop::inEventLoop, eventLoop, this, true);
    this.pending = new PendingCalls<>(eventLoop, call -> maybeIdle());
  }

  /** Starts connecting on this connection's event loop. */
  void connect(NetClient client) {
    context.runOnContext(v -> client.connect(endpoint.port(), endpoint.host()).onComplete(ar -> {
      if (ar.succeeded() && state == State.CLOSED) {
        // Closed (the runtime stopping) while the connection was being made.
        ar.result().close();
      } else if (ar.succeeded()) {
        NetSocketInternal socket = (NetSocketInternal) ar.result();
        ChannelHandlerContext vertxHandler = socket.channelHandlerContext();
        WireCounting.install((ConnectionBase) socket);
        vertxHandler.pipeline().addBefore(vertxHandler.name(), "highway-frames", new FrameDecoder(limits));
        vertxHandler.pipeline().addBefore(vertxHandler.name(), "highway-client", this);
        if (!vertxHandler.channel().isActive()) {
          closed("the connection closed as it opened");
          return;
        }
        state = State.OPEN;
        for (PendingCall call : awaitingConnect) {
          // A call that timed out while connecting has released its request already.
          if (call.request != null) {
            write(call, call.invocation().nowIfTimed());
          }
        }
        awaitingConnect.clear();
        flush();
        outbox.drain();
      } else {
        closed(TlsFailures.isTls(ar.cause()) ? TlsFailures.handshakeFailed(ar.cause())
            : "cannot connect: " + ar.cause().getMessage());
      }
    }));
  }

  /** True while the connection takes new calls. */
  boolean isUsable() {
    State s = state;
    return s == State.CONNECTING || s == State.OPEN;
  }

  /**
   * Sends a call. A call made on this connection's own event loop (an async caller continuing in a
   * callback) is written at once and flushed with the others of the same read burst; a call from
   * any other thread is queued for the loop.
   */
  void send(PendingCall call) {
    outbox.submit(call);
  }

  @Override
  public void discard(PendingCall call) {
    call.complete(Response.failure(Status.CONNECTION_FAILED,
        CallFailures.failedOn(call.operationName(), endpoint, "the client stopped before it was sent")));
  }

  /** Hands the batch to the channel and flushes. */
  @Override
  public void flush() {
    batch.writeTo(ctx);
    ctx.flush();
  }

  /** Admits a call and writes it when the connection is open; true when written. */
  @Override
  public boolean take(PendingCall call) {
    // One clock reading for the admission's deadline check, the connected mark and the stamped budget.
    long now = call.invocation().nowIfTimed();
    if (!pending.admit(call, now)) {
      return false;
    }
    if (state == State.CONNECTING) {
      awaitingConnect.add(call);
      return false;
    }
    write(call, now);
    return true;
  }

  private void write(PendingCall call, long now) {
    ByteBuf request = call.request;
    call.request = null;
    call.invocation().markAt(Stage.CONSUMER_CONNECTED, now);
    call.codec.stampRequest(request, call.id(), call.invocation(), now);
    // Copied into the batch, one pooled buffer for all the requests of a drain or a read burst,
    // handed to the channel and flushed once at its end. The request was encoded into a heap
    // buffer, which the socket would have copied into a pooled direct one on its own; a large one
    // was encoded into a pooled direct buffer of its own and goes to the channel as it is.
    batch.append(ctx, request);
    call.invocation().requestWritten(true);
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    outbox.readStarted();
    Frame frame = (Frame) msg;
    try {
      switch (frame.type()) {
        case Frames.TYPE_RESPONSE -> onResponse(frame);
        case Frames.TYPE_GOAWAY -> {
          log.debug("highway: {} is going away; new calls will use a new connection", endpoint);
          state = State.DRAINING;
          maybeIdle();
        }
        default -> throw new HighwayProtocolException("the server sent a " + Frames.typeName(frame.type())
            + " frame (expected: RESPONSE or GOAWAY)");
      }
    } finally {
      frame.release();
    }
  }

  private void onResponse(Frame frame) {
    FrameHeader header = FrameHeader.parse(frame.header());
    PendingCall call = pending.remove(frame.requestId());
    if (call == null) {
      // Its timeout already answered the caller.
      return;
    }
    call.invocation().mark(Stage.CONSUMER_RECEIVED);
    Response response = call.codec.decodeResponse(header, frame.body());
    call.invocation().mark(Stage.CONSUMER_DECODED);
    call.complete(response);
    maybeIdle();
  }

  private void maybeIdle() {
    if (state == State.DRAINING && pending.isEmpty()) {
      ctx.close();
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    outbox.readCompleted();
    ctx.fireChannelReadComplete();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    closed(closeReason != null ? closeReason : CallFailures.CONNECTION_CLOSED);
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Throwable reason = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
    if (TlsFailures.isTls(reason)) {
      // After a handshake this side thought complete (TLS 1.3): the provider refused the client's certificate.
      closeReason = TlsFailures.handshakeFailed(reason);
      log.warn("highway: the connection to {} failed: {}", endpoint, closeReason);
    } else if (CallFailures.isConnectionLost(reason)) {
      // A provider killed or a network cut: its calls fail as on any closed connection, in the same words
      // REST uses; the log says what happened, once per connection.
      closeReason = CallFailures.CONNECTION_CLOSED;
      log.warn("highway: the connection to {} was lost ({}); the calls in flight on it fail: {}", endpoint,
          CallFailures.describe(reason), pending.size());
    } else {
      closeReason = reason instanceof HighwayProtocolException ? "protocol error: " + reason.getMessage()
          : reason.toString();
      log.warn("highway: closing the connection to {}: {}", endpoint, closeReason);
    }
    ctx.close();
  }

  /** Closes the connection; calls still pending fail with {@code reason}. */
  void close(String reason) {
    eventLoop.execute(() -> {
      closeReason = reason;
      if (ctx != null) {
        ctx.close();
      } else {
        closed(reason);
      }
    });
  }

  /** Fails everything still open, and every call queued or sent later; runs on the event loop. */
  private void closed(String reason) {
    if (state == State.CLOSED) {
      return;
    }
    state = State.CLOSED;
    closeReason = reason;
    batch.release();
    // Calls awaiting the connection are pending too, with their deadlines armed.
    pending.close(reason);
    awaitingConnect.clear();
    outbox.drain();
  }

  /** The connection's place in its channel's pipeline, once connected; for tests that watch its writes. */
  ChannelHandlerContext channelContext() {
    return ctx;
  }

  @Override
  public String toString() {
    return "highway connection to " + endpoint + " (" + state + ", " + pending.size() + " pending)";
  }
}
