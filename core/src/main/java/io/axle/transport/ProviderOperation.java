package io.axle.transport;

import io.axle.AxleException;
import io.axle.Invocation;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.executor.AxleExecutor;
import io.axle.registry.Endpoint;
import java.util.function.Consumer;

/**
 * One served operation, as a transport sees it: every transport hands each decoded request to
 * {@link #dispatch}, so the threading contract and the failure statuses are the same whatever the
 * wire. The runtime implements it; transports only call it.
 */
public interface ProviderOperation {
  OperationMeta meta();

  /**
   * A provider invocation of this operation, heard by the runtime's listeners. Transports mark
   * {@link Stage#PROVIDER_RECEIVED} and {@link Stage#PROVIDER_DECODED} on it, then dispatch it.
   */
  Invocation newInvocation(Object[] args);

  /**
   * The class of the object that serves the operation: transports read mapping annotations from
   * it when the schema interface has none.
   */
  Class<?> implementationType();

  AxleExecutor executor();

  /** How the executor is configured, for the start-up log: {@code group 'default' (2 x 8)}. */
  String executorDescription();

  /**
   * Runs the invocation on the operation's executor and answers through {@code responder},
   * exactly once, on whatever thread finishes the work. Call it on the event loop that read the
   * request: the group executor binds that loop to its group.
   *
   * <p>A full queue answers {@link Status#OVERLOADED} at once; a request whose caller's deadline
   * passed while it waited in the queue is answered {@link Status#DEADLINE_EXCEEDED} without
   * running the method.
   */
  void dispatch(Invocation invocation, Consumer<Response> responder);

  /**
   * Ends a request for this operation that could not be read (its arguments or Axle headers did
   * not decode) as a failed call: listeners count it like any other, with {@code error}'s status,
   * and the provider logs it at WARN, at most once a second per operation. The transport answers
   * the caller itself.
   */
  void rejected(long receivedNanos, String transport, Endpoint caller, AxleException error);
}
