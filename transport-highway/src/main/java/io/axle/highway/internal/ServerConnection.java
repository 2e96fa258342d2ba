package io.axle.highway.internal;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.registry.Endpoint;
import io.axle.transport.Attempt;
import io.axle.transport.ProviderOperation;
import io.axle.transport.ProviderOperations;
import io.axle.transport.calls.LoopOutbox;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetSocketAddress;
import java.util.ArrayDeque;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The provider side of one highway connection. Requests are decoded on the event loop and
 * dispatched to their operation's executor; responses come back from any thread.
 *
 * <p>Write coalescing: responses made on the event loop during a read burst are encoded one after
 * the other into one buffer, written and flushed once when the burst ends; responses made on other
 * threads are queued, and the event loop drains the queue, copies them into one buffer and flushes
 * once per drain, instead of one wake-up and flush per response. One buffer per burst rather than
 * one per response: a profile of the provider at ~800k calls/s put ~10% of its CPU in allocating a
 * pooled buffer per response, and more in queueing each one for the socket.
 */
public final class ServerConnection extends ChannelInboundHandlerAdapter {
  private static final Logger log = LoggerFactory.getLogger(ServerConnection.class);

  private final ProviderOperations operations;
  private final ServedOperations served;
  private final int maxFrameSize;
  private final int maxContextEntries;
  private final int maxConcurrent;
  private final long unreadTimeoutNanos;
  /** Answered requests whose answers are not written yet: what a going-away connection waits for. */
  private final AtomicInteger inFlight = new AtomicInteger();
  private LoopOutbox<Reply> outbox;
  private ChannelHandlerContext ctx;
  private Endpoint caller;
  /** Responses of the current read burst (or drain), not yet handed to the channel; loop-only. */
  private final WriteBatch batch = new WriteBatch();
  /** Replies drained since the last flush, still counted in flight until it; loop-only. */
  private int drained;
  private volatile boolean goingAway;
  /**
   * Requests read past {@link #maxConcurrent}, served as earlier ones are answered; loop-only.
   * Reading stops when the first is parked, so they are at most what one read brought.
   */
  private final ArrayDeque<Frame> parked = new ArrayDeque<>();
  /** Reading stopped: too many requests in flight, or answers the peer does not read; loop-only. */
  private boolean pausedForConcurrency;
  private boolean pausedForUnread;
  private ScheduledFuture<?> unreadClose;
  private boolean resuming;
  /** A GOAWAY was sent for being idle: idle as long again, the connection is closed; loop-only. */
  private boolean idleGoAwaySent;
  /**
   * The clock reading that timed the last answer written on the loop in this read burst, or 0: the next
   * request of the burst is timed as received then, a reading saved (25 ns each, and a provider's readings
   * were a tenth of its loop). The rest of that answer's work on the loop and the cutting of the next frame
   * lie between, so the request's time at the provider is overstated by them, never understated (and its
   * deadline, counted from there, comes that much early). Loop-only.
   */
  private long lastAnswerNanos;
  /** Between a read burst's first {@code channelRead} and its {@code channelReadComplete}; loop-only. */
  private boolean reading;

  ServerConnection(ProviderOperations operations, ServedOperations served, ServerLimits limits) {
    this.operations = operations;
    this.served = served;
    this.maxFrameSize = limits.frames().maxFrameSize();
    this.maxContextEntries = limits.frames().maxContextEntries();
    this.maxConcurrent = limits.maxConcurrentPerConnection();
    this.unreadTimeoutNanos = limits.unreadTimeout().toNanos();
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
    this.outbox = new LoopOutbox<>(ctx.executor()::inEventLoop, ctx.executor(), new LoopOutbox.Sink<>() {
      @Override
      public boolean take(Reply reply) {
        return write(reply);
      }

      @Override
      public void flush() {
        flushWrites();
      }

      @Override
      public void discard(Reply reply) {
        ServerConnection.this.discard(reply);
      }
    }, true, true);
    if (ctx.channel().remoteAddress() instanceof InetSocketAddress remote && remote.getPort() > 0) {
      caller = new Endpoint("highway", remote.getHostString(), remote.getPort());
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    outbox.readStarted();
    reading = true;
    Frame frame = (Frame) msg;
    if (!parked.isEmpty() || inFlight.get() >= maxConcurrent) {
      // Over the connection's limit: kept, and the socket no longer read, until calls complete.
      parked.add(frame);
      if (!pausedForConcurrency) {
        pausedForConcurrency = true;
        updateAutoRead();
      }
      return;
    }
    serve(frame);
  }

  private void serve(Frame frame) {
    try {
      if (frame.type() != Frames.TYPE_REQUEST) {
        throw new HighwayProtocolException("a client sent a " + Frames.typeName(frame.type())
            + " frame (expected: REQUEST)");
      }
      onRequest(frame);
    } finally {
      frame.release();
    }
  }

  /**
   * Serves parked requests while the connection is under its limit, and reads again once none is
   * left; called on the loop whenever a call of this connection was answered.
   */
  private void resumeParked() {
    if (!pausedForConcurrency || resuming) {
      return;
    }
    resuming = true;
    try {
      while (!parked.isEmpty() && inFlight.get() < maxConcurrent) {
        serve(parked.poll());
      }
    } catch (RuntimeException e) {
      exceptionCaught(ctx, e);
      return;
    } finally {
      resuming = false;
    }
    if (parked.isEmpty() && inFlight.get() < maxConcurrent) {
      pausedForConcurrency = false;
      updateAutoRead();
    }
  }

  private void updateAutoRead() {
    ctx.channel().config().setAutoRead(!pausedForConcurrency && !pausedForUnread);
  }

  /**
   * The socket took nothing for a while and answers pile up past axle.highway.server.max-unread-bytes
   * (Netty's high-water mark): reading stops, so the peer cannot add to them, and a peer that reads
   * nothing for the unread timeout is cut off.
   */
  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    boolean writable = ctx.channel().isWritable();
    if (!writable && !pausedForUnread) {
      pausedForUnread = true;
      updateAutoRead();
      unreadClose = ctx.executor().schedule(this::closeUnread, unreadTimeoutNanos, TimeUnit.NANOSECONDS);
    } else if (writable && pausedForUnread) {
      pausedForUnread = false;
      unreadClose.cancel(false);
      updateAutoRead();
    }
    ctx.fireChannelWritabilityChanged();
  }

  private void closeUnread() {
    if (!ctx.channel().isWritable() && ctx.channel().isActive()) {
      log.warn("highway: closing the connection from {}: its peer left more than axle.highway.server."
          + "max-unread-bytes ({} bytes) of answers unread for {} ms (axle.highway.server.unread-timeout)",
          ctx.channel().remoteAddress(), ctx.channel().config().getWriteBufferHighWaterMark(),
          TimeUnit.NANOSECONDS.toMillis(unreadTimeoutNanos));
      ctx.close();
    }
  }

  /**
   * Nothing read or written for axle.highway.server.idle-timeout ({@link IdleStateHandler} in front):
   * a connection with no call in flight is sent GOAWAY, which its client answers by closing it; one
   * still idle after as long again (a peer that is not an Axle client, or does not care) is closed.
   */
  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
    if (!(event instanceof IdleStateEvent)) {
      ctx.fireUserEventTriggered(event);
      return;
    }
    if (inFlight.get() > 0 || !parked.isEmpty()) {
      // Calls that run long are not idleness.
      return;
    }
    if (!idleGoAwaySent) {
      idleGoAwaySent = true;
      log.debug("highway: connection from {} idle, sent GOAWAY", ctx.channel().remoteAddress());
      goAway();
    } else {
      log.debug("highway: closing the connection from {}: still idle after its GOAWAY", ctx.channel().remoteAddress());
      ctx.close();
    }
  }

  /** An answer made off the event loop, waiting for it; the invocation hears when it is sent. */
  private record Reply(ByteBuf frame, Attempt invocation, Response response) {
  }

  private void onRequest(Frame frame) {
    long receivedNanos = lastAnswerNanos != 0 ? lastAnswerNanos : System.nanoTime();
    lastAnswerNanos = 0;
    long requestId = frame.requestId();
    FrameHeader header = FrameHeader.parse(frame.header(), maxContextEntries);
    if (header.schemaIdIndex < 0 || header.operationIndex < 0) {
      boolean noSchema = header.schemaIdIndex < 0;
      boolean noOperation = header.operationIndex < 0;
      answerUnmatched(requestId, receivedNanos, new AxleException(Status.BAD_REQUEST,
          "request header without " + (noSchema ? "a schema id (field 1)" : "")
              + (noSchema && noOperation ? " and " : "")
              + (noOperation ? "an operation (field 2)" : "")
              + " (expected: both, see docs/protocol.md)"));
      return;
    }
    ServedOperations.Served target = served.find(header);
    if (target == null) {
      answerUnmatched(requestId, receivedNanos, new AxleException(Status.NOT_FOUND,
          operations.notFoundMessage(header.schemaId(), header.operation())));
      return;
    }
    ProviderOperation operation = target.operation();
    OperationCodec codec = target.codec();
    if (header.contextEntries > maxContextEntries) {
      AxleException tooMany = new AxleException(Status.BAD_REQUEST, operation.meta().qualifiedName() + " was not run: the request "
          + "carries " + header.contextEntries + " context entries (expected: <= " + maxContextEntries
          + ", axle.highway.max-context-entries on the provider)");
      operation.rejected(receivedNanos, HighwayTransport.NAME, caller, tooMany);
      writeNow(OperationCodec.encodeError(ctx.alloc(), requestId, tooMany.status(), tooMany.getMessage()));
      return;
    }
    Object[] args;
    try {
      args = codec.decodeArguments(frame.body());
    } catch (AxleException e) {
      operation.rejected(receivedNanos, HighwayTransport.NAME, caller, e);
      writeNow(OperationCodec.encodeError(ctx.alloc(), requestId, e.status(), e.getMessage()));
      return;
    }
    inFlight.incrementAndGet();
    operation.serve(args, receivedNanos,
        header.timeoutMicros > 0 ? TimeUnit.MICROSECONDS.toNanos(header.timeoutMicros) : ProviderOperation.NO_DEADLINE,
        header.context, HighwayTransport.NAME, caller,
        (invocation, response) -> respond(codec, requestId, invocation, response));
  }

  /** Answers a request that reached no operation with {@code error}, counted as such in the windows. */
  private void answerUnmatched(long requestId, long receivedNanos, AxleException error) {
    operations.unmatched(HighwayTransport.NAME, caller, receivedNanos, error);
    writeNow(OperationCodec.encodeError(ctx.alloc(), requestId, error.status(), error.getMessage()));
  }

  private void respond(OperationCodec codec, long requestId, Attempt invocation, Response response) {
    if (ctx.executor().inEventLoop()) {
      // Encoded straight into the burst's buffer: no copy, no queue.
      codec.writeResponse(batch.room(ctx, 0), requestId, response, maxFrameSize);
      // Encoded into the batch is as sent as it gets on the loop (the flush comes at the burst's
      // end): one clock reading marks both.
      long now = invocation.markNow(Stage.PROVIDER_ENCODED);
      invocation.markAt(Stage.PROVIDER_SENT, now);
      if (reading) {
        lastAnswerNanos = now;
      }
      invocation.end(response);
      outbox.flushSoon();
      inFlight.decrementAndGet();
      resumeParked();
      return;
    }
    ByteBuf frame = codec.encodeResponse(EncodeBuffers.forCurrentThread(ctx.alloc()), requestId, response, maxFrameSize);
    invocation.mark(Stage.PROVIDER_ENCODED);
    outbox.submit(new Reply(frame, invocation, response));
  }

  private static void sent(Attempt invocation, Response response) {
    invocation.mark(Stage.PROVIDER_SENT);
    invocation.end(response);
  }

  /** Writes a reply made off the loop into the batch; on a closed connection the call only ends. */
  private boolean write(Reply reply) {
    if (!ctx.channel().isActive()) {
      // The caller is gone: nothing to send, but the call still ends.
      discard(reply);
      return false;
    }
    // Copied into one pooled buffer: the frames were made off the loop in heap buffers, which the
    // socket would copy into pooled direct ones anyway, one by one. A large frame was made in a
    // pooled direct buffer of its own and goes to the channel as it is (WriteBatch.append).
    batch.append(ctx, reply.frame());
    sent(reply.invocation(), reply.response());
    drained++;
    return true;
  }

  private void discard(Reply reply) {
    reply.frame().release();
    reply.invocation().end(reply.response());
    inFlight.decrementAndGet();
  }

  private void flushWrites() {
    batch.writeTo(ctx);
    ctx.flush();
    if (drained > 0) {
      inFlight.addAndGet(-drained);
      drained = 0;
      resumeParked();
    }
  }

  /** Writes on the event loop; flushed at the end of the read burst, or soon outside one. */
  private void writeNow(ByteBuf frame) {
    ctx.write(frame, ctx.voidPromise());
    outbox.flushSoon();
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    lastAnswerNanos = 0;
    reading = false;
    outbox.readCompleted();
  }

  /**
   * The server is stopping: tell the client to send nothing new here. The connection stays open:
   * requests the client wrote before it read the GOAWAY are still on their way and are answered
   * like the others; the client closes it once its last answer arrived. The server's grace period
   * bounds the wait (Vert.x closes what is still open at its end). Closing as soon as nothing was
   * in flight here would drop those requests after they were written, which a caller cannot tell
   * from a call that ran.
   */
  public void goAway() {
    ctx.executor().execute(() -> {
      if (goingAway) {
        return;
      }
      goingAway = true;
      // The answers still in the batch go out ahead of it.
      batch.writeTo(ctx);
      ctx.writeAndFlush(OperationCodec.encodeControl(ctx.alloc(), Frames.TYPE_GOAWAY), ctx.voidPromise());
    });
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    batch.release();
    parked.forEach(Frame::release);
    parked.clear();
    if (unreadClose != null) {
      unreadClose.cancel(false);
    }
    outbox.discardQueued(this::discard);
    int lost = inFlight.get();
    if (lost > 0) {
      log.debug("highway connection from {} closed with {} requests still running; their answers are dropped",
          ctx.channel().remoteAddress(), lost);
    }
    ctx.fireChannelInactive();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    Throwable reason = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
    if (reason instanceof HighwayProtocolException) {
      log.warn("highway: closing the connection from {}: {}", ctx.channel().remoteAddress(), reason.getMessage());
    } else if (reason instanceof java.io.IOException) {
      log.debug("highway: connection from {} failed: {}", ctx.channel().remoteAddress(), reason.toString());
    } else {
      log.warn("highway: closing the connection from {} after an unexpected error", ctx.channel().remoteAddress(), reason);
    }
    ctx.close();
  }

}
