package io.axle.transport;

import io.axle.Response;
import io.axle.registry.Endpoint;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** One transport inside a running {@link io.axle.Axle}: a server side and a client side. */
public interface Transport {
  String name();

  /**
   * Starts serving the provider operations, if there are any, and completes with the address
   * actually bound ({@code null} when the transport serves nothing).
   */
  CompletableFuture<Endpoint> start();

  /**
   * Sends one attempt of a consumer call to one endpoint. The future completes with the provider's
   * response or a failure {@link Response}; it never completes exceptionally. The transport
   * enforces the attempt's deadline.
   */
  CompletableFuture<Response> send(Attempt attempt, Endpoint endpoint);

  /**
   * Consumer calls {@link #send} has taken and not yet ended (answered, timed out or failed): 0 once
   * the client is idle. What a graceful stop waits on, and what the call-matrix tests check.
   */
  int callsInFlight();

  /**
   * {@link #callsInFlight()} by the endpoint each call was sent to; an endpoint with none may be absent. Read from
   * any thread, for figures (the perf consumer's per-window line): a sum of counters, not a snapshot of one instant.
   */
  default Map<Endpoint, Integer> callsInFlightByEndpoint() {
    return Map.of();
  }

  /**
   * A configuration change is in force: the transport applies the live keys it reads (those its key provider
   * declares {@link io.axle.config.ConfigKey#live()}; the change was refused if any other of its keys changed)
   * to what it does from now on, such as the connections it makes next. Called once per change, after every
   * operation took its new chain; must not fail. Does nothing by default: a transport whose keys are all
   * restart-only has nothing to apply.
   */
  default void configChanged(io.axle.config.AxleConfig config) {
  }

  /**
   * Graceful stop: take no new connections, tell peers, let in-flight requests finish within
   * the grace period, then close everything; pending client calls still open at the end fail
   * with a reason.
   */
  CompletableFuture<Void> shutdown(Duration grace);
}
