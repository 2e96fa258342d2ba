package io.axle.transport;

/**
 * A read-only document a runtime offers over HTTP, such as metrics for a scraper. Registered
 * with {@code Axle.builder().httpEndpoint(...)}; the REST transport answers {@code GET path}
 * with it on its port, next to the operations (a runtime that serves no operation starts no
 * REST server, so it offers none).
 */
public interface HttpEndpoint {
  /** The path, e.g. {@code /metrics}; must not be the path of an operation or {@code /openapi.json}. */
  String path();

  /** The {@code content-type} of the answer, e.g. {@code text/plain; version=0.0.4}. */
  String contentType();

  /** The answer's body, made for each request, off the event loops: it may take a few milliseconds. */
  byte[] render();
}
