package io.axle.rest.internal;

/** The headers Axle adds to a REST call (docs/rest.md). */
public final class RestHeaders {
  /** Milliseconds left to the caller's deadline when it sent the request; absent means none. */
  public static final String TIMEOUT = "x-axle-timeout-ms";
  /** The invocation's context entries, as a JSON object of strings. */
  public static final String CONTEXT = "x-axle-context";
  /**
   * Context entries that travel as HTTP headers of their own rather than inside {@link #CONTEXT}: the W3C
   * trace context and baggage, so that a tracing HTTP client or server that knows nothing of Axle reads
   * and writes them as it would on any call. On the provider they become context entries, where a
   * tracing filter (an Observation's propagator) finds them as on highway.
   */
  public static final java.util.List<String> TRACE_CONTEXT = java.util.List.of("traceparent", "tracestate", "baggage");

  private RestHeaders() {
  }
}
