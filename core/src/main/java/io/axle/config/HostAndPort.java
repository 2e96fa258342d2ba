package io.axle.config;

/** A network address as configured: a host name or IP literal and a port in [0, 65535]. */
public record HostAndPort(String host, int port) {

  public HostAndPort {
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("host must not be empty");
    }
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be in [0, 65535]: " + port);
    }
  }

  /** {@code host:port}, with IPv6 literals bracketed so the result parses back unambiguously. */
  @Override
  public String toString() {
    return host.indexOf(':') >= 0 ? "[" + host + "]:" + port : host + ":" + port;
  }
}
