package io.axle.rest.internal.client;

import io.axle.Invocation;
import io.axle.Response;
import io.axle.internal.DeadlineWheel;
import io.axle.registry.Endpoint;
import io.axle.transport.InFlightCalls;
import io.vertx.core.http.HttpClientRequest;
import java.util.concurrent.CompletableFuture;

/**
 * A consumer call owned by one {@link ClientLoop} from the moment that loop takes it: every field
 * but the constructor's is read and written on that loop only. It is its own node in the loop's
 * {@link io.axle.internal.DeadlineTimer} while its deadline is armed.
 */
public final class RestCall extends DeadlineWheel.Node {
  final Invocation invocation;
  final Endpoint endpoint;
  final RequestPlan plan;
  final EncodedRequest request;
  final CompletableFuture<Response> future = new CompletableFuture<>();
  /** The client's count of calls in flight, for a graceful stop; decremented once, on completion. */
  private final InFlightCalls inFlight;

  /** The HTTP request once a connection was obtained for it; reset when the deadline fires. */
  HttpClientRequest httpRequest;
  /** When the loop took the call: the start of its wait, if the invocation has no start mark. */
  long takenNanos;
  /** Set once the call was sent again after its kept-alive connection turned out closed. */
  boolean retried;
  /** What the first attempt failed with, reported if the retry cannot even connect. */
  String firstFailure;

  public RestCall(Invocation invocation, Endpoint endpoint, RequestPlan plan, EncodedRequest request,
      InFlightCalls inFlight) {
    this.invocation = invocation;
    this.endpoint = endpoint;
    this.plan = plan;
    this.request = request;
    this.inFlight = inFlight;
    inFlight.started();
  }

  public CompletableFuture<Response> future() {
    return future;
  }

  String operationName() {
    return plan.operation().qualifiedName();
  }

  boolean isDone() {
    return future.isDone();
  }

  /**
   * Completes the call once; later completions (a late answer after a timeout) are ignored. Runs on
   * the loop, which owns the deadline timer.
   */
  void complete(Response response) {
    disarm();
    if (future.complete(response)) {
      inFlight.ended();
    }
  }
}
