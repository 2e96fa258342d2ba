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
}
