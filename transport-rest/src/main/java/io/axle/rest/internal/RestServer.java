package io.axle.rest.internal;

import io.axle.registry.Endpoint;
import io.axle.transport.TransportContext;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** The provider side of REST. Being written; see the helper's brief. */
final class RestServer {
  RestServer(TransportContext context, RestJson json) {
  }

  /** Starts serving the provider operations, if any; completes with the bound endpoint or null. */
  CompletableFuture<Endpoint> start() {
    return CompletableFuture.completedFuture(null);
  }

  /** Stops accepting, lets in-flight requests finish within the grace period, then closes. */
  CompletableFuture<Void> shutdown(Duration grace) {
    return CompletableFuture.completedFuture(null);
  }
}
