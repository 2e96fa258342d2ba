package io.axle.perf.baseline;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.vertx.core.internal.net.NetSocketInternal;
import io.vertx.core.net.NetSocket;

/**
 * One connection of the raw TCP echo: each length-prefixed frame is written back as it was read, on the
 * connection's event loop, nothing else. Built on Netty's own frame decoder, which hands each frame on as a
 * slice of the bytes read (copied only when a frame spans reads), and the slice itself is written back: the
 * least a server can do with a frame, so that the echo stays a floor for large payloads too. The frames of
 * one read burst leave with one flush.
 */
final class TcpEcho extends ChannelInboundHandlerAdapter {
  private TcpEcho() {
  }

  static void serve(NetSocket socket) {
    ChannelHandlerContext vertx = ((NetSocketInternal) socket).channelHandlerContext();
    // Nothing stripped: the frame keeps its prefix, ready to go back.
    vertx.pipeline().addBefore(vertx.name(), "baseline-frames", FramedConnection.frameDecoder(0));
    vertx.pipeline().addBefore(vertx.name(), "baseline-echo", new TcpEcho());
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object frame) {
    ctx.write(frame, ctx.voidPromise());
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    ctx.flush();
    ctx.fireChannelReadComplete();
  }

  /** A negative or oversized length: the peer does not speak this protocol. */
  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close();
  }
}
