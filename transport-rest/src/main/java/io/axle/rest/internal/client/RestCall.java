package io.axle.rest.internal.client;

import io.axle.registry.Endpoint;
import io.axle.transport.Attempt;
import io.axle.transport.InFlightCalls;
import io.axle.transport.calls.ConsumerCall;
import io.vertx.core.http.HttpClientRequest;

/**
 * A REST consumer call: the shared call plus its request plan and encoded request, and what the
 * owning {@link ClientLoop} learns while sending it. Every field but the constructor's is read and
 * written on that loop only.
 */
public final class RestCall extends ConsumerCall {
  final RequestPlan plan;
  final EncodedRequest request;

  /** The HTTP request once a connection was obtained for it; reset when the deadline fires. */
  HttpClientRequest httpRequest;
  /** Set once the call was sent again after its kept-alive connection turned out closed. */
  boolean retried;
  /** What the first attempt failed with, reported if the retry cannot even connect. */
  String firstFailure;

  public RestCall(Attempt invocation, Endpoint endpoint, RequestPlan plan, EncodedRequest request,
      InFlightCalls inFlight) {
    super(invocation, endpoint, inFlight);
    this.plan = plan;
    this.request = request;
  }
}
