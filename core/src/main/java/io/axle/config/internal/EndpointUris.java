package io.axle.config.internal;

import java.util.regex.Pattern;

/** Checks {@code transport://host:port} endpoint URIs, as listed in the local registry. */
public final class EndpointUris {

  private static final Pattern SCHEME = Pattern.compile("[A-Za-z]+");

  private EndpointUris() {
  }

  /** Anything after the port ({@code /path}, {@code ?options}) is the transport's business, not checked. */
  public static boolean isValid(String uri) {
    int separator = uri.indexOf("://");
    if (separator <= 0 || !SCHEME.matcher(uri.substring(0, separator)).matches()) {
      return false;
    }
    String rest = uri.substring(separator + 3);
    int end = indexOfAny(rest, "/?");
    String authority = end < 0 ? rest : rest.substring(0, end);
    try {
      return HostPorts.parse(authority, false).port() >= 1;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static int indexOfAny(String text, String chars) {
    for (int i = 0; i < text.length(); i++) {
      if (chars.indexOf(text.charAt(i)) >= 0) {
        return i;
      }
    }
    return -1;
  }
}
