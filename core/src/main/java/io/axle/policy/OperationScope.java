package io.axle.policy;

import io.axle.config.AxleConfig;
import io.axle.contract.OperationMeta;
import java.util.Objects;

/**
 * One operation as a policy sees it: on the consumer side of a reference to {@code service}; on the
 * provider side served by {@code service} (this runtime's own name). Keys are resolved with
 * {@link AxleConfig#getMostSpecific}: {@link #consumerPath()} or {@link #providerPath()}.
 */
public record OperationScope(AxleConfig config, String service, OperationMeta operation) {
  public OperationScope {
    Objects.requireNonNull(config, "config");
    Objects.requireNonNull(service, "service");
    Objects.requireNonNull(operation, "operation");
  }

  /** {@code <service>, <schema>, <operation>}: as {@code axle.request.timeout} is resolved. */
  public String[] consumerPath() {
    return new String[] {service, operation.schemaId(), operation.name()};
  }

  /** {@code <schema>, <operation>}: a provider serves its own schemas, so no service comes first. */
  public String[] providerPath() {
    return new String[] {operation.schemaId(), operation.name()};
  }
}
