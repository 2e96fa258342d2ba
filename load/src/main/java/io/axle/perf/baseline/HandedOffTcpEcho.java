package io.axle.perf.baseline;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.internal.PlatformDependent;
import io.vertx.core.internal.net.NetSocketInternal;
import io.vertx.core.net.NetSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The raw TCP echo with a worker hop, as Axle's {@code group} executor makes one, and nothing else of Axle:
 * each frame (or each read burst's frames, as one task) goes to a plain JDK pool, whose workers hand the
 * frames back to the connection's event loop through a queue that the loop drains in one task per batch,
 * flushing once per drain. What a hop costs on this machine, done the cheapest way, so that {@code group}'s
 * ratio can be read against it (docs/performance.md).
 */
final class HandedOffTcpEcho extends ChannelInboundHandlerAdapter {
  private final Executor pool;
  private final boolean perBurst;
  private final Queue<ByteBuf> answers = PlatformDependent.newMpscQueue();
  private final AtomicBoolean drainScheduled = new AtomicBoolean();
  private ChannelHandlerContext ctx;
  private final Runnable drain = this::drain;
  private List<ByteBuf> burst = new ArrayList<>();

  private HandedOffTcpEcho(Executor pool, boolean perBurst) {
    this.pool = pool;
    this.perBurst = perBurst;
  }

  /** Serves {@code socket} with {@code pool} for its event loop; {@code perBurst}: a read burst is one task. */
  static void serve(NetSocket socket, Executor pool, boolean perBurst) {
    ChannelHandlerContext vertx = ((NetSocketInternal) socket).channelHandlerContext();
    vertx.pipeline().addBefore(vertx.name(), "baseline-frames", FramedConnection.frameDecoder(0));
    vertx.pipeline().addBefore(vertx.name(), "baseline-echo", new HandedOffTcpEcho(pool, perBurst));
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object frame) {
    if (perBurst) {
      burst.add((ByteBuf) frame);
    } else {
      pool.execute(() -> answer((ByteBuf) frame));
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    if (!burst.isEmpty()) {
      List<ByteBuf> frames = burst;
      burst = new ArrayList<>();
      // The burst's answers go back together: one wake-up of the loop for the burst (as Axle's group puts its
      // tasks' wake-ups off until the burst's last task).
      pool.execute(() -> {
        frames.forEach(answers::offer);
        wakeLoop();
      });
    }
    ctx.fireChannelReadComplete();
  }

  /** On a worker: the frame goes back to the loop, which is woken once per batch. */
  private void answer(ByteBuf frame) {
    answers.offer(frame);
    wakeLoop();
  }

  private void wakeLoop() {
    if (drainScheduled.compareAndSet(false, true)) {
      ctx.executor().execute(drain);
    }
  }

  private void drain() {
    drainScheduled.set(false);
    for (ByteBuf frame = answers.poll(); frame != null; frame = answers.poll()) {
      ctx.write(frame, ctx.voidPromise());
    }
    ctx.flush();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    for (ByteBuf frame : burst) {
      frame.release();
    }
    burst.clear();
    ctx.fireChannelInactive();
  }

  /** A negative or oversized length: the peer does not speak this protocol. */
  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
