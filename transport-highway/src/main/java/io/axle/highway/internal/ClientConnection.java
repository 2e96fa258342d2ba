package io.axle.highway.internal;

import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.internal.DeadlineTimer;
import io.axle.registry.Endpoint;
import io.axle.transport.CallFailures;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.DecoderException;
import io.netty.util.collection.LongObjectHashMap;
import io.netty.util.internal.PlatformDependent;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.net.NetSocketInternal;
import io.vertx.core.net.NetClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One consumer connection to one endpoint, bound to one event loop. Calls from any thread are
 * queued; the event loop drains the queue, gives each call an id, arms its timeout and writes
 * it, with one flush per drain. Responses are matched by id and may come in any order.
 *
 * <p>The pending map, the ids and the deadlines are touched only on the event loop, so they need
 * no locks. Deadlines are not a scheduled task per call but nodes of a {@link DeadlineTimer} with
 * 1 ms ticks: a call times out no earlier than its deadline and less than a tick after it (plus
 * however busy the loop is). Its one task per connection runs only while calls are armed, and stops
 * when the connection closes.
 */
public final class ClientConnection extends ChannelInboundHandlerAdapter {
  private static final Logger log = LoggerFactory.getLogger(ClientConnection.class);

  private enum State { CONNECTING, OPEN, DRAINING, CLOSED }

  private final Endpoint endpoint;
  private final ContextInternal context;
  private final EventLoop eventLoop;
  private final int maxFrameSize;
  private final Queue<PendingCall> outbound = PlatformDependent.newMpscQueue();
  private final AtomicBoolean drainScheduled = new AtomicBoolean();
  private final Runnable drainTask = this::drain;
  private final Runnable flushTask = this::flushNow;
  /** Set while the loop is inside this connection's read burst; loop-only, like the flag below. */
  private boolean reading;
  /** Written on the loop, not flushed yet. */
  private boolean flushPending;
  /** Requests written since the last flush, not yet handed to the channel; loop-only. */
  private final WriteBatch batch = new WriteBatch();
  private final LongObjectHashMap<PendingCall> pending = new LongObjectHashMap<>();
  private final List<PendingCall> awaitingConnect = new ArrayList<>();
  private final DeadlineTimer<PendingCall> deadlines;
  private volatile State state = State.CONNECTING;
  private ChannelHandlerContext ctx;
  private long nextRequestId;
  private String closeReason;

  ClientConnection(Endpoint endpoint, ContextInternal context, int maxFrameSize) {
    this.endpoint = endpoint;
    this.context = context;
    this.eventLoop = context.nettyEventLoop();
    this.maxFrameSize = maxFrameSize;
    this.deadlines = DeadlineTimer.millisecondTicks(eventLoop, this::onTimeout);
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
        ByteReporter.install(socket, vertxHandler);
        vertxHandler.pipeline().addBefore(vertxHandler.name(), "highway-frames", new FrameDecoder(maxFrameSize));
        vertxHandler.pipeline().addBefore(vertxHandler.name(), "highway-client", this);
        if (!vertxHandler.channel().isActive()) {
          closed("the connection closed as it opened");
          return;
        }
        state = State.OPEN;
        for (PendingCall call : awaitingConnect) {
          // A call that timed out while connecting has released its request already.
          if (call.request != null) {
            write(call);
          }
        }
        awaitingConnect.clear();
        flushWrites();
        drain();
      } else {
        closed("cannot connect: " + ar.cause().getMessage());
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
   * callback) is written at once, with no queue and no wake-up, and flushed with the others of the
   * same read burst; a call from any other thread is queued for the loop.
   */
  void send(PendingCall call) {
    if (eventLoop.inEventLoop()) {
      if (take(call) > 0) {
        flushSoon();
      }
      return;
    }
    outbound.offer(call);
    if (drainScheduled.compareAndSet(false, true)) {
      eventLoop.execute(drainTask);
    }
  }

  private void drain() {
    drainScheduled.set(false);
    int written = 0;
    for (PendingCall call = outbound.poll(); call != null; call = outbound.poll()) {
      written += take(call);
    }
    if (written > 0) {
      flushPending = false;
      flushWrites();
    }
  }

  /**
   * Flushes what was written on the loop outside a drain: at the end of this connection's read
   * burst when inside one, otherwise once the loop has run what it is running now.
   */
  private void flushSoon() {
    if (flushPending) {
      return;
    }
    flushPending = true;
    if (!reading) {
      eventLoop.execute(flushTask);
    }
  }

  private void flushNow() {
    if (flushPending) {
      flushPending = false;
      flushWrites();
    }
  }

  /** Hands the batch to the channel and flushes. */
  private void flushWrites() {
    batch.writeTo(ctx);
    ctx.flush();
  }

  /** Registers a drained call and writes it when the connection is open; returns how many were written. */
  private int take(PendingCall call) {
    if (state == State.CLOSED) {
      call.complete(Response.failure(Status.CONNECTION_FAILED, failureMessage(call)));
      return 0;
    }
    long remaining = call.invocation.remainingNanos();
    if (remaining <= 0) {
      call.complete(Response.failure(Status.DEADLINE_EXCEEDED, call.codec.operation().qualifiedName()
          + " timed out before it could be sent to " + endpoint));
      return 0;
    }
    call.requestId = ++nextRequestId;
    pending.put(call.requestId, call);
    if (remaining != Long.MAX_VALUE) {
      deadlines.arm(call, call.invocation.deadlineNanos());
    }
    if (state == State.CONNECTING) {
      awaitingConnect.add(call);
      return 0;
    }
    write(call);
    return 1;
  }

  private void write(PendingCall call) {
    ByteBuf request = call.request;
    call.request = null;
    call.invocation.mark(Stage.CONSUMER_CONNECTED);
    call.codec.stampRequest(request, call.requestId, call.invocation);
    // Copied into the batch, one pooled buffer for all the requests of a drain or a read burst,
    // handed to the channel and flushed once at its end. The request was encoded into a heap
    // buffer, which the socket would have copied into a pooled direct one on its own.
    batch.append(ctx, request);
    call.invocation.mark(Stage.CONSUMER_WRITTEN);
  }

  private void onTimeout(PendingCall call) {
    if (pending.remove(call.requestId) != call) {
      return;
    }
    long waitedMicros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - call.invocation.stageNanos(Stage.CONSUMER_START));
    call.complete(CallFailures.timedOut(call.codec.operation().qualifiedName(), waitedMicros, endpoint));
    maybeIdle();
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    reading = true;
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
    call.invocation.mark(Stage.CONSUMER_RECEIVED);
    Response response = call.codec.decodeResponse(header, frame.body());
    call.invocation.mark(Stage.CONSUMER_DECODED);
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
    reading = false;
    flushNow();
    ctx.fireChannelReadComplete();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    closed(closeReason != null ? closeReason : "the connection closed before the response arrived");
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Throwable reason = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
    closeReason = reason instanceof HighwayProtocolException ? "protocol error: " + reason.getMessage()
        : reason.toString();
    log.warn("highway: closing the connection to {}: {}", endpoint, closeReason);
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

  /** Fails everything still open; runs on the event loop. */
  private void closed(String reason) {
    if (state == State.CLOSED) {
      return;
    }
    state = State.CLOSED;
    closeReason = reason;
    batch.release();
    // Calls awaiting the connection are in the pending map too, with their deadlines armed.
    List<PendingCall> failed = new ArrayList<>(pending.values());
    pending.clear();
    awaitingConnect.clear();
    for (PendingCall call : failed) {
      // Disarms its deadline too.
      call.complete(Response.failure(Status.CONNECTION_FAILED, failureMessage(call)));
    }
    deadlines.stop();
    drain();
  }

  private String failureMessage(PendingCall call) {
    return call.codec.operation().qualifiedName() + " failed on " + endpoint + ": " + closeReason;
  }

  @Override
  public String toString() {
    return "highway connection to " + endpoint + " (" + state + ", " + pending.size() + " pending)";
  }
}
