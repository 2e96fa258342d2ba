package io.axle.transport;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.executor.AxleExecutor;
import io.axle.registry.Endpoint;
import java.util.Map;

/**
 * One served operation, as a transport sees it: every transport hands each decoded request to
 * {@link #serve}, so the threading contract and the failure statuses are the same whatever the
 * wire. The runtime implements it; transports only call it.
 */
public interface ProviderOperation {
  OperationMeta meta();

  /**
   * The class of the object that serves the operation: transports read mapping annotations from
   * it when the schema interface has none.
   */
  Class<?> implementationType();

  AxleExecutor executor();

  /** How the executor is configured, for the start-up log: {@code group 'default' (2 x 8)}. */
  String executorDescription();

  /** What {@link #serve}'s {@code timeoutNanos} is when the request names no deadline. */
  long NO_DEADLINE = -1;

  /**
   * The one way a decoded request enters the provider, whatever the wire: makes the provider
   * {@link Attempt} (received and decoded marked, the caller's deadline counted from
   * {@code receivedNanos}, the context, the transport, the caller), runs it on the operation's
   * executor and answers through {@code responder}, exactly once, on whatever thread finishes the
   * work. Call it on the event loop that read the request: the group executor binds that loop to
   * its group.
   *
   * <p>A full queue answers {@link Status#OVERLOADED} at once; a request whose caller's deadline
   * passed while it waited in the queue is answered {@link Status#DEADLINE_EXCEEDED} without
   * running the method.
   *
   * @param receivedNanos when the transport read the request ({@link System#nanoTime()} clock)
   * @param timeoutNanos the time the caller had left when it sent the request, or {@link #NO_DEADLINE}
   * @param context the entries the request carried, or null
   * @param caller the caller's address, or null when unknown
   */
  void serve(Object[] args, long receivedNanos, long timeoutNanos, Map<String, String> context, String transport,
      Endpoint caller, Responder responder);

  /**
   * What the transport does with an answer: encode and write it, mark {@link Stage#PROVIDER_ENCODED}
   * and {@link Stage#PROVIDER_SENT}, then {@link Attempt#end} it.
   */
  @FunctionalInterface
  interface Responder {
    void answer(Attempt attempt, Response response);
  }

  /**
   * Ends a request for this operation that could not be read (its arguments or Axle headers did
   * not decode) as a failed call: listeners count it like any other, with {@code error}'s status,
   * and the provider logs it at WARN, at most once a second per operation. The transport answers
   * the caller itself.
   */
  void rejected(long receivedNanos, String transport, Endpoint caller, AxleException error);
}
