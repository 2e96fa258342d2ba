package io.axle.transport;

import io.axle.AxleException;
import io.axle.registry.Endpoint;
import java.util.Collection;

/** The operations a runtime serves, looked up by a transport for each request. */
public interface ProviderOperations {
  /** The operation, or {@code null} when there is no such schema or operation. */
  ProviderOperation find(String schemaId, String operationName);

  Collection<ProviderOperation> all();

  default boolean isEmpty() {
    return all().isEmpty();
  }

  /**
   * Counts a request the transport answered with {@code error} before any operation was chosen (no such
   * operation, a request that names none, a path or method no route takes): the runtime's listeners
   * hear it as a provider call of {@link UnmatchedRequests#OPERATION} that ended with that status, so
   * windows and meters count it. Any thread; the transport still writes the answer itself.
   */
  default void unmatched(String transport, Endpoint caller, long receivedNanos, AxleException error) {
  }

  /**
   * The message for a request to an operation that is not served, the same on every transport:
   * {@code no operation Echo.nope on this provider (it serves: Echo.echo, Echo.add)}.
   */
  default String notFoundMessage(String schemaId, String operationName) {
    StringBuilder served = new StringBuilder();
    for (ProviderOperation op : all()) {
      if (served.length() > 200) {
        served.append(", ...");
        break;
      }
      served.append(served.length() == 0 ? "" : ", ").append(op.meta().qualifiedName());
    }
    return "no operation " + schemaId + "." + operationName + " on this provider (it serves: " + served + ")";
  }
}
