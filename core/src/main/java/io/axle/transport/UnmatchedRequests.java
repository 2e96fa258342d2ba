package io.axle.transport;

import io.axle.AxleException;
import io.axle.Invocation;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.registry.Endpoint;

/**
 * The pseudo-operation under which requests that reached no operation are counted
 * ({@link ProviderOperations#unmatched}): {@code axle.unmatched} in windows, logs and meters, with the
 * status each was answered with (NOT_FOUND for an unknown operation or path, BAD_REQUEST for a request
 * that names none, a method or content type the route does not take, a body over the limit).
 */
public final class UnmatchedRequests {
  /** The operation they are counted under: schema {@code axle}, operation {@code unmatched}. */
  public static final OperationMeta OPERATION = SchemaMeta.of("axle", Unmatched.class).operation("unmatched");

  private UnmatchedRequests() {
  }

  /** Ends a provider call of {@link #OPERATION} with {@code error}, for {@code listener} to hear. */
  public static void record(InvocationListener listener, String transport, Endpoint caller, long receivedNanos,
      AxleException error) {
    Invocation invocation = new Invocation(Role.PROVIDER, OPERATION, new Object[0], listener);
    invocation.transport(transport);
    invocation.endpoint(caller);
    invocation.mark(Stage.PROVIDER_RECEIVED, receivedNanos);
    invocation.end(Response.failure(error));
  }

  /** The pseudo-operation's contract: never served, never called. */
  interface Unmatched {
    void unmatched();
  }
}
