package io.axle.config.internal;

import io.axle.config.HostAndPort;

/** A listen address: {@code host:port}, or a port alone for all interfaces. */
public enum AddressType implements ValueType<HostAndPort> {
  INSTANCE;

  @Override
  public HostAndPort parse(String text) {
    return HostPorts.parse(text, true);
  }

  @Override
  public String expected() {
    return "host:port or a port alone, port in [0, 65535]";
  }
}
