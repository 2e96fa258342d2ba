package io.axle.highway.internal;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts the messages written to a channel and its flushes, passing both on; for the flush tests. */
final class WriteCounter extends ChannelOutboundHandlerAdapter {
  final AtomicInteger writes = new AtomicInteger();
  final AtomicInteger flushes = new AtomicInteger();

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
