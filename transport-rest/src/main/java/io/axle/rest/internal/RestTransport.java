package io.axle.rest.internal;

import io.axle.Response;
import io.axle.registry.Endpoint;
import io.axle.transport.Attempt;
import io.axle.transport.Transport;
import io.axle.transport.TransportContext;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * The REST transport: a {@link RestServer} for the provider operations and a {@link RestClient}
 * for consumer calls, sharing one JSON codec.
 */
public final class RestTransport implements Transport {
  /** The transport\'s name: the scheme of its endpoints and the value of {@code axle.references.transport}. */
  public static final String NAME = "rest";
  private final RestServer server;
  private final RestClient client;

  public RestTransport(TransportContext context) {
    RestJson json = new RestJson();
    // Server loops are taken first, so that client loops land on other threads of the pool.
    this.server = new RestServer(context, json);
    this.client = new RestClient(context, json);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public CompletableFuture<Endpoint> start() {
    return server.start();
  }

  @Override
  public int callsInFlight() {
    return client.inFlight();
  }

  @Override
  public java.util.Map<Endpoint, Integer> callsInFlightByEndpoint() {
    return client.inFlightByEndpoint();
  }

  @Override
  public CompletableFuture<Response> send(Attempt invocation, Endpoint endpoint) {
    return client.send(invocation, endpoint);
  }

  @Override
  public void configChanged(io.axle.config.AxleConfig config) {
    client.configChanged(config);
  }

  @Override
  public CompletableFuture<Void> shutdown(Duration grace) {
    long deadline = System.nanoTime() + grace.toNanos();
    // Servers first: a provider still answering may itself call other services through the client.
    return server.shutdown(grace).handle((v, error) -> null)
        .thenCompose(v -> client.shutdown(Duration.ofNanos(Math.max(0, deadline - System.nanoTime()))));
  }
}
