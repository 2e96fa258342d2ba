package io.axle.transport;

import io.axle.Response;
import io.axle.Status;
import io.axle.registry.Endpoint;
import java.io.IOException;
import javax.net.ssl.SSLException;

/**
 * The failures every transport reports in the same words, so that a caller cannot tell the wires
 * apart by them (the cross-transport tests compare them).
 */
public final class CallFailures {
  private CallFailures() {
  }

  /** {@code Schema.op timed out after 30.1 ms waiting for highway://10.0.0.5:7070 (expected: …)}. */
  public static Response timedOut(String operation, long waitedMicros, Endpoint endpoint) {
    return timedOut(operation, waitedMicros, endpoint, null, null);
  }

  /**
   * The same, naming what set the deadline: {@code deadlineFrom}, the provider call it was inherited from
   * while serving, or when that is null the call's own timeout, set by the key {@code timeoutKey} (such as
   * {@code axle.request.timeout.orders.OrderApi.slow}; {@code axle.request.timeout} when that is null too).
   */
  public static Response timedOut(String operation, long waitedMicros, Endpoint endpoint, String deadlineFrom,
      String timeoutKey) {
    return Response.failure(Status.DEADLINE_EXCEEDED, operation + " timed out after " + waitedMicros / 1000.0
        + " ms waiting for " + endpoint + (deadlineFrom == null
        ? " (expected: an answer within " + (timeoutKey == null ? "axle.request.timeout" : timeoutKey) + ")"
        : " (expected: an answer before the deadline it inherited from " + deadlineFrom
            + ", the call it was made while serving)"));
  }

  /** Why a call failed when its connection closed before the answer came. */
  public static final String CONNECTION_CLOSED = "the connection closed before the response arrived";

  /**
   * Whether {@code failure}, reported on a connection, is the connection itself failing (reset by a peer
   * that was killed, a broken pipe): an {@link java.io.IOException}, which Netty's native transport's
   * errors are too. Its calls then fail with {@link #CONNECTION_CLOSED}, like those of a connection
   * closed cleanly, and the log says what happened in words ({@link #describe}) rather than in the text
   * of the transport's exception ({@code recvAddress(..) failed with error(-104): …}).
   */
  public static boolean isConnectionLost(Throwable failure) {
    // A TLS failure is an IOException too, but says more than "lost": TlsFailures words it.
    return failure instanceof IOException && !(failure instanceof SSLException);
  }

  /** {@code reset by the peer}, {@code the peer stopped reading (broken pipe)}, or the I/O error's own text. */
  public static String describe(Throwable connectionLost) {
    if (connectionLost.getMessage() == null) {
      return "I/O error: " + connectionLost.getClass().getSimpleName();
    }
    String text = connectionLost.getMessage();
    if (text.contains("reset by peer") || text.contains("Connection reset")) {
      return "reset by the peer";
    }
    if (text.contains("Broken pipe")) {
      return "the peer stopped reading (broken pipe)";
    }
    return "I/O error: " + text;
  }

  /** {@code Schema.op failed on highway://10.0.0.5:7070: <reason>}: the call's connection failure. */
  public static String failedOn(String operation, Endpoint endpoint, String reason) {
    return operation + " failed on " + endpoint + ": " + reason;
  }

  /** A call whose deadline passed while it waited to be sent (for a connection, in a queue). */
  public static Response notSentInTime(String operation, Endpoint endpoint) {
    return notSentInTime(operation, endpoint, null);
  }

  /** The same, naming the provider call the deadline was inherited from (null: the call's own). */
  public static Response notSentInTime(String operation, Endpoint endpoint, String deadlineFrom) {
    return Response.failure(Status.DEADLINE_EXCEEDED, operation + " timed out before it could be sent to " + endpoint
        + inherited(deadlineFrom));
  }

  /** {@code " (its deadline was inherited from X, the call it was made while serving)"}, or nothing. */
  public static String inherited(String deadlineFrom) {
    return deadlineFrom == null ? ""
        : " (its deadline was inherited from " + deadlineFrom + ", the call it was made while serving)";
  }

  /** The log line of a stop whose grace period ended with calls still waiting. */
  public static String abandonedAtStop(String transport, int calls) {
    return transport + ": " + calls + " calls still waiting for answers at the end of the shutdown grace period;"
        + " they fail now";
  }
}
