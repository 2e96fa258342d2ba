package io.axle.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufHolder;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.vertx.core.net.SocketAddress;
import io.vertx.core.spi.metrics.NetworkMetrics;

/**
 * Counts the bytes of one connection as they cross its socket, for both transports: a handler at the head of
 * the Netty pipeline, so a read is counted before anything decodes it and a write after everything encoded it
 * (TLS records and HTTP framing included). Vert.x's own counting does not serve: highway's handlers sit in front
 * of Vert.x's, so it never sees highway's bytes, and on HTTP/1 it counts decoded content, so a REST request's
 * line and headers went uncounted (24 bytes a call for a 24-byte JSON body).
 *
 * <p>Installed only when the runtime's Vert.x metrics want wire bytes ({@link Metrics}), so a runtime without
 * metrics pays nothing. A transport asks {@link #wanted} and calls {@link #install} when Vert.x hands it the
 * connection: after a TLS handshake (whose bytes are therefore not counted) and, on a REST server, after Vert.x's
 * first read. Both take only public Netty and Vert.x types; reading them off Vert.x's connection class is the
 * transport's own business.
 */
public final class WireBytes extends ChannelDuplexHandler {
  /** The pipeline name of the handler. */
  public static final String NAME = "axle-wire-bytes";

  /**
   * Vert.x metrics (a connection's {@link NetworkMetrics}) that take the bytes on the wire from this handler, and
   * ignore the counts Vert.x reports itself.
   */
  public interface Metrics {
    /**
     * What the connection's bytes count against, found once as the handler is installed (not per read): from
     * the connection's Vert.x socket metric (null for some, an HTTP client's) and its remote address.
     */
    Object wireCounter(Object socketMetric, SocketAddress remoteAddress);

    /** {@code bytes} read from the socket whose {@link #wireCounter} is {@code counter}. */
    void wireBytesRead(Object counter, long bytes);

    /** {@code bytes} written to that socket. */
    void wireBytesWritten(Object counter, long bytes);
  }

  private final Metrics metrics;
  private final Object counter;

  private WireBytes(Metrics metrics, Object counter) {
    this.metrics = metrics;
    this.counter = counter;
  }

  /**
   * Whether a connection's Vert.x metrics take its bytes from this handler, so that a transport reads the rest
   * of what {@link #install} needs (its socket metric, its remote address) only for a runtime that counts.
   */
  public static boolean wanted(NetworkMetrics<?> metrics) {
    return metrics instanceof Metrics;
  }

  /**
   * Puts the counter at the head of a connection's pipeline when its metrics want it; else does nothing.
   *
   * @param channel the connection's channel
   * @param metrics the connection's Vert.x metrics
   * @param socketMetric the connection's Vert.x socket metric, or null
   * @param remoteAddress the connection's remote address
   */
  public static void install(Channel channel, NetworkMetrics<?> metrics, Object socketMetric,
      SocketAddress remoteAddress) {
    if (metrics instanceof Metrics wire && channel.pipeline().get(NAME) == null) {
      channel.pipeline().addFirst(NAME, new WireBytes(wire, wire.wireCounter(socketMetric, remoteAddress)));
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      long bytes = size(msg);
      if (bytes > 0) {
        metrics.wireBytesRead(counter, bytes);
      }
    } finally {
      // Whatever the count did, the message goes on: it is not this handler's to keep or release.
      ctx.fireChannelRead(msg);
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    try {
      long bytes = size(msg);
      if (bytes > 0) {
        metrics.wireBytesWritten(counter, bytes);
      }
    } finally {
      ctx.write(msg, promise);
    }
  }

  private static long size(Object msg) {
    if (msg instanceof ByteBuf buf) {
      return buf.readableBytes();
    }
    return msg instanceof ByteBufHolder holder ? holder.content().readableBytes() : 0;
  }
}
