package io.axle.highway.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.vertx.core.net.NetSocket;
import io.vertx.core.net.impl.ConnectionBase;

/**
 * Reports a highway connection's bytes to Vert.x's metrics SPI. Highway's handlers sit in front
 * of Vert.x's own, so Vert.x never sees the bytes and cannot count them itself; this handler, at
 * the head of highway's part of the pipeline, does it for them. Installed only when the runtime's
 * Vert.x has metrics enabled, so a runtime without metrics pays nothing.
 */
final class ByteReporter extends ChannelDuplexHandler {
  private final ConnectionBase connection;

  private ByteReporter(ConnectionBase connection) {
    this.connection = connection;
  }

  /** Puts a reporter before {@code beforeHandler} when the socket has metrics; does nothing otherwise. */
  static void install(NetSocket socket, ChannelHandlerContext vertxHandler) {
    if (socket instanceof ConnectionBase connection && connection.metrics() != null) {
      vertxHandler.pipeline().addBefore(vertxHandler.name(), "highway-bytes", new ByteReporter(connection));
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (msg instanceof ByteBuf buf) {
      connection.reportBytesRead(buf.readableBytes());
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (msg instanceof ByteBuf buf) {
      connection.reportBytesWritten(buf.readableBytes());
    }
    ctx.write(msg, promise);
  }
}
