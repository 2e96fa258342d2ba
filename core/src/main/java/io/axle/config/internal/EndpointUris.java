package io.axle.config.internal;

import java.util.regex.Pattern;

/** Checks {@code transport://host:port} endpoint URIs, as listed in the local registry. */
public final class EndpointUris {

  /**
   * Letters, in words joined by single hyphens: transport names, including those of endpoints the runtime
   * has no transport for and ignores (the perf demo's {@code baseline-rest://}); calls pick only their own.
   * Digits stay out, so that a likely typo such as {@code h2://} is still caught.
   */
  private static final Pattern SCHEME = Pattern.compile("[A-Za-z]+(-[A-Za-z]+)*");

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
