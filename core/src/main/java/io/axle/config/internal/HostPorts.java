package io.axle.config.internal;

import io.axle.config.HostAndPort;
import java.util.regex.Pattern;

/** Parses {@code host:port}, {@code [ipv6]:port} and, where allowed, a bare port. */
public final class HostPorts {

  private static final Pattern DIGITS = Pattern.compile("\\d{1,5}");
  private static final String ANY_HOST = "0.0.0.0";

  private HostPorts() {
  }

  /**
   * @param barePortMeansAnyHost whether "8080" alone is accepted, as {@code 0.0.0.0:8080}: natural for a
   *     listen address, meaningless for an address to connect to
   * @throws IllegalArgumentException if the text is not such an address
   */
  public static HostAndPort parse(String text, boolean barePortMeansAnyHost) {
    String value = text.strip();
    if (barePortMeansAnyHost && DIGITS.matcher(value).matches()) {
      return new HostAndPort(ANY_HOST, port(value));
    }
    String host;
    String port;
    if (value.startsWith("[")) {
      int close = value.indexOf("]:");
      if (close < 0) {
        throw new IllegalArgumentException("no port after IPv6 literal: " + text);
      }
      host = value.substring(1, close);
      port = value.substring(close + 2);
    } else {
      int colon = value.lastIndexOf(':');
      if (colon < 0 || value.indexOf(':') != colon) {
        throw new IllegalArgumentException("not host:port: " + text);
      }
      host = value.substring(0, colon);
      port = value.substring(colon + 1);
    }
    if (host.isEmpty() || host.chars().anyMatch(c -> Character.isWhitespace(c) || c == '/')) {
      throw new IllegalArgumentException("bad host: " + text);
    }
    return new HostAndPort(host, port(port));
  }

  private static int port(String text) {
    if (!DIGITS.matcher(text).matches()) {
      throw new IllegalArgumentException("not a port: " + text);
    }
    return Integer.parseInt(text);
  }
}
