package io.axle.testing;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the messages written to a channel and its flushes, passing both on; for the flush tests of
 * every transport's writers. Put it first in a pipeline to count what reaches the socket.
 */
public final class WriteCounter extends ChannelOutboundHandlerAdapter {
  public final AtomicInteger writes = new AtomicInteger();
  public final AtomicInteger flushes = new AtomicInteger();

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    writes.incrementAndGet();
    ctx.write(msg, promise);
  }

  @Override
  public void flush(ChannelHandlerContext ctx) {
    flushes.incrementAndGet();
    ctx.flush();
  }
}
