package io.axle.perf.baseline;

import io.vertx.core.net.NetSocket;

/**
 * One connection of the raw TCP echo: each length-prefixed frame is written back as it was read, on the
 * connection's event loop, nothing else. Vert.x flushes writes made while a read is being handled once the
 * read completes, so frames that arrive together leave together.
 */
final class TcpEcho {

  private TcpEcho() {
  }

  static void serve(NetSocket socket) {
    socket.handler(new Frames(payload -> socket.write(Frames.frame(payload)), reason -> socket.close()));
  }
}
