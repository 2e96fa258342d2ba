package io.axle.transport;

import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;

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

  /** The pseudo-operation's contract: never served, never called. */
  interface Unmatched {
    void unmatched();
  }
}
