package io.axle.transport;

import io.axle.Response;
import io.axle.Status;
import io.axle.registry.Endpoint;

/**
 * The failures every transport reports in the same words, so that a caller cannot tell the wires
 * apart by them (the cross-transport tests compare them).
 */
public final class CallFailures {
  private CallFailures() {
  }

  /** {@code Schema.op timed out after 30.1 ms waiting for highway://10.0.0.5:7070 (expected: …)}. */
  public static Response timedOut(String operation, long waitedMicros, Endpoint endpoint) {
    return Response.failure(Status.DEADLINE_EXCEEDED, operation + " timed out after " + waitedMicros / 1000.0
        + " ms waiting for " + endpoint + " (expected: an answer within axle.request.timeout)");
  }

  /** The log line of a stop whose grace period ended with calls still waiting. */
  public static String abandonedAtStop(String transport, int calls) {
    return transport + ": " + calls + " calls still waiting for answers at the end of the shutdown grace period;"
        + " they fail now";
  }
}
