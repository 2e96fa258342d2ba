package io.axle.transport;

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
