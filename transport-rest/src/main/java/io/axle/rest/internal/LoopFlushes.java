package io.axle.rest.internal;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.ArrayList;
import java.util.List;

/**
 * One flush per connection per batch on one event loop. Vert.x flushes each HTTP answer or request
 * it writes outside a read burst, so the answers a {@link io.axle.transport.calls.LoopOutbox} drains
 * in one task (made on worker threads) would leave with one flush, and one {@code write} system
 * call, each. While a batch is written ({@link #hold}), a gate at the front of each connection's
 * pipeline keeps those flushes back; {@link #release} then flushes each connection that asked, once
 * — what highway's writers do by encoding a batch into one buffer.
 *
 * <p>Loop-only: the gate runs on its channel's loop, and a connection is gated only when that is
 * this loop (Vert.x binds a server's and a client's connections to the loop of its context).
 * Outside a batch the gate passes every flush on at once, so reads, inline answers and Vert.x's
 * own flush at the end of a read burst are untouched.
 */
public final class LoopFlushes {
  /** The gate's name in the pipeline. */
  static final String GATE = "axle-flush-gate";

  private final EventLoop loop;
  private final List<Gate> held = new ArrayList<>();
  private boolean holding;

  public LoopFlushes(EventLoop loop) {
    this.loop = loop;
  }

  /**
   * Puts the gate in front of {@code connection}'s pipeline, when the connection lives on this
   * loop; call it from Vert.x's connection handler.
   */
  public void install(HttpConnection connection) {
    if (!(connection instanceof ConnectionBase base)) {
      return;
    }
    Channel channel = base.channel();
    if (channel.eventLoop() == loop && channel.pipeline().get(GATE) == null) {
      channel.pipeline().addFirst(GATE, new Gate());
    }
  }

  /** Keeps flushes back until {@link #release}. */
  public void hold() {
    holding = true;
  }

  /** Lets flushes through again, and flushes once each connection that asked while they were held. */
  public void release() {
    holding = false;
    for (int i = 0; i < held.size(); i++) {
      held.get(i).flushHeld();
    }
    held.clear();
  }

  /** Passes writes on, and flushes too unless a batch is being written. */
  private final class Gate extends ChannelOutboundHandlerAdapter {
    private ChannelHandlerContext ctx;
    private boolean flushHeld;

    @Override
    public void flush(ChannelHandlerContext ctx) {
      if (!holding) {
        ctx.flush();
        return;
      }
      if (!flushHeld) {
        flushHeld = true;
        this.ctx = ctx;
        held.add(this);
      }
    }

    @Override
    public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
      // Netty fails what was written and not flushed when a channel closes: a connection Vert.x
      // closes in the batch (the last answer of a graceful stop) gets its answer out first.
      if (flushHeld) {
        flushHeld = false;
        ctx.flush();
      }
      ctx.close(promise);
    }

    void flushHeld() {
      flushHeld = false;
      // A channel closed since was flushed by its close; the flush does nothing then.
      ctx.flush();
    }
  }
}
