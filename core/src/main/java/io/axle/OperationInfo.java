package io.axle;

import java.util.List;

/**
 * An operation a running runtime serves, as an operator reads it: what runs it and what a call passes
 * through on the way in. The same as the start-up log's {@code serves …} lines.
 *
 * @param name the operation, {@code schemaId.operation}
 * @param executor where it runs, e.g. {@code group (2 groups x 8 threads, queue 10000)}
 * @param chain the provider chain a call passes through, e.g. {@code [observation] -> method}
 * @param admissions the admission policies a call passes before the executor's queue, in order
 */
public record OperationInfo(String name, String executor, String chain, List<String> admissions) {
  public OperationInfo {
    admissions = List.copyOf(admissions);
  }
}
