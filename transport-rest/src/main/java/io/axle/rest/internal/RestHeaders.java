package io.axle.rest.internal;

/** The headers Axle adds to a REST call (docs/rest.md). */
public final class RestHeaders {
  /** Milliseconds left to the caller's deadline when it sent the request; absent means none. */
  public static final String TIMEOUT = "x-axle-timeout-ms";
  /** The invocation's context entries, as a JSON object of strings. */
  public static final String CONTEXT = "x-axle-context";

  private RestHeaders() {
  }
}
