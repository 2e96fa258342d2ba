package io.axle.internal;

import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.types.DataTypes;
import io.axle.types.DeclaredErrors;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The start-up check that every operation of a contract carries types both transports carry alike:
 * each parameter, the result and the declared errors. Made once per schema, before any transport
 * builds its codecs, so that every problem of every operation is reported in one failed start rather
 * than one per start (each transport stops at the first type it cannot build).
 */
final class ContractCheck {

  private ContractCheck() {
  }

  /** Every problem of the schemas' operations, one line each, in schema and operation order. */
  static List<String> problems(Collection<SchemaMeta> schemas) {
    List<String> problems = new ArrayList<>();
    for (SchemaMeta schema : schemas) {
      for (OperationMeta operation : schema.operations().values()) {
        problems.addAll(problems(operation));
      }
    }
    return problems;
  }

  /** Every problem of one operation: its parameters, its result, its declared errors. */
  static List<String> problems(OperationMeta operation) {
    List<String> problems = new ArrayList<>();
    for (int i = 0; i < operation.parameterCount(); i++) {
      String where = operation.qualifiedName() + " parameter " + operation.parameterName(i);
      Type type = operation.parameterType(i);
      check(problems, () -> DataTypes.of(type, where));
    }
    check(problems, () -> DataTypes.of(operation.resultType(), operation.qualifiedName() + " result"));
    check(problems, () -> DeclaredErrors.of(operation));
    return problems;
  }

  /**
   * Throws one exception naming every problem of the schemas, or returns when there is none.
   *
   * @throws IllegalArgumentException {@code Invalid contract:} and one line per problem
   */
  static void requireValid(Collection<SchemaMeta> schemas) {
    List<String> problems = problems(schemas);
    if (problems.size() == 1) {
      throw new IllegalArgumentException(problems.get(0));
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("Invalid contract (" + problems.size() + " problems):\n  "
          + String.join("\n  ", problems));
    }
  }

  private static void check(List<String> problems, Runnable read) {
    try {
      read.run();
    } catch (IllegalArgumentException e) {
      problems.add(e.getMessage());
    }
  }
}
