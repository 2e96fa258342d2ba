package io.axle.config.internal;

import io.axle.config.HostAndPort;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/** Checks {@code transport://host:port} endpoint URIs, as listed in the local registry. */
public final class EndpointUris {

  /**
   * Letters, in words joined by single hyphens: transport names, including those of endpoints the runtime
   * has no transport for and ignores (the perf demo's {@code baseline-rest://}); calls pick only their own.
   * Digits stay out, so that a likely typo such as {@code h2://} is still caught.
   */
  private static final Pattern SCHEME = Pattern.compile("[A-Za-z]+(-[A-Za-z]+)*");

  /**
   * Schemes of other protocols, written where a transport's name belongs ({@code http://} for
   * {@code rest://}): each would pass as a name of a transport this runtime lacks, be ignored, and
   * fail only at the first call.
   */
  private static final Set<String> OTHER_PROTOCOLS = Set.of("http", "https", "ws", "wss", "tcp", "udp", "grpc",
      "grpcs", "dubbo", "tri", "hessian", "thrift", "zookeeper", "zk", "nacos", "consul");

  /** Addresses that a server binds to but nobody can call. */
  private static final Set<String> WILDCARD_HOSTS = Set.of("0.0.0.0", "::", "[::]", "*");

  private EndpointUris() {
  }

  /** Anything after the port ({@code /path}, {@code ?options}) is the transport's business, not checked. */
  public static boolean isValid(String uri) {
    int separator = uri.indexOf("://");
    String scheme = separator <= 0 ? "" : uri.substring(0, separator);
    if (!SCHEME.matcher(scheme).matches() || OTHER_PROTOCOLS.contains(scheme.toLowerCase(Locale.ROOT))) {
      return false;
    }
    String rest = uri.substring(separator + 3);
    int end = indexOfAny(rest, "/?");
    String authority = end < 0 ? rest : rest.substring(0, end);
    try {
      HostAndPort endpoint = HostPorts.parse(authority, false);
      return endpoint.port() >= 1 && !WILDCARD_HOSTS.contains(endpoint.host());
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
