package io.axle.registry;

import java.net.URI;
import java.util.Objects;

/** One address of a service instance on one transport: {@code highway://127.0.0.1:7070}. */
public record Endpoint(String transport, String host, int port) {

  public Endpoint {
    Objects.requireNonNull(transport, "transport");
    Objects.requireNonNull(host, "host");
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("endpoint port: " + port + " (expected: 1..65535)");
    }
  }

  /**
   * Parses {@code transport://host:port}.
   *
   * @throws IllegalArgumentException naming the text and the expected form
   */
  public static Endpoint parse(String uri) {
    String text = uri == null ? "" : uri.trim();
    try {
      URI parsed = new URI(text);
      if (parsed.getScheme() == null || parsed.getHost() == null || parsed.getPort() < 1) {
        throw new IllegalArgumentException();
      }
      return new Endpoint(parsed.getScheme(), parsed.getHost(), parsed.getPort());
    } catch (Exception e) {
      throw new IllegalArgumentException("endpoint: " + uri
          + " (expected: transport://host:port, e.g. highway://127.0.0.1:7070)");
    }
  }

  @Override
  public String toString() {
    return transport + "://" + host + ":" + port;
  }
}
