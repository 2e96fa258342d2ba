package io.axle.transport;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The port a transport passes to Vert.x so that its several servers (one per event loop) share
 * one free port when port 0 is configured.
 *
 * <p>Vert.x gives servers that listen on the same negative port one shared random port, and
 * servers on port 0 a port each. The negative number is shared by every server of the Vert.x
 * instance, HTTP and TCP alike, so each transport needs its own: two transports on the same
 * number would end up on one port, each taking the other's connections.
 */
final class SharedPorts {
  private static final Map<String, Integer> KEYS = new ConcurrentHashMap<>();
  private static final AtomicInteger NEXT = new AtomicInteger(-1);

  private SharedPorts() {
  }

  /** {@code port} itself, or, for 0, this transport's own negative sharing key. */
  static int listenPort(String transport, int port) {
    return port != 0 ? port : KEYS.computeIfAbsent(transport, t -> NEXT.getAndDecrement());
  }
}
