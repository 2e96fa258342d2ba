package io.axle.transport.internal;

import io.axle.transport.WireBytes;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.core.spi.metrics.NetworkMetrics;

/**
 * Hands a connection to core's {@link WireBytes}. What it needs (the channel, the Vert.x metrics and socket
 * metric) sits on Vert.x's connection class, an implementation class the transport SPI does not name, so both
 * built-in transports read it here, outside the SPI.
 */
public final class WireCounting {
  private WireCounting() {
  }

  /** Counts the connection's bytes on the wire when its metrics want them; else reads nothing more of it. */
  public static void install(ConnectionBase connection) {
    NetworkMetrics<?> metrics = connection.metrics();
    if (WireBytes.wanted(metrics)) {
      WireBytes.install(connection.channel(), metrics, connection.metric(), connection.remoteAddress());
    }
  }
}
