package io.axle.types;

import io.axle.AxleException;
import io.axle.contract.ContractErrors;
import io.axle.contract.OperationMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The errors an operation declares: the exception types in its {@code throws} clause and in its
 * schema interface's {@link ContractErrors}, other than the catch-alls ({@code Exception},
 * {@code RuntimeException}, {@code Throwable}), {@code Error}s and {@link AxleException}. Read once per operation; reading them is also the start-up check
 * that their fields can travel.
 */
public final class DeclaredErrors {
  private static final Map<OperationMeta, DeclaredErrors> CACHE = new ConcurrentHashMap<>();

  private final List<DeclaredError> errors;

  private DeclaredErrors(OperationMeta operation) {
    List<DeclaredError> list = new ArrayList<>();
    List<Class<?>> types = new ArrayList<>(List.of(operation.method().getExceptionTypes()));
    ContractErrors schemaWide = operation.schema().schemaInterface().getAnnotation(ContractErrors.class);
    if (schemaWide != null) {
      for (Class<?> type : schemaWide.value()) {
        if (!types.contains(type)) {
          types.add(type);
        }
      }
    }
    for (Class<?> type : types) {
      if (type == Exception.class || type == RuntimeException.class || type == Throwable.class
          || Error.class.isAssignableFrom(type) || AxleException.class.isAssignableFrom(type)) {
        continue;
      }
      DeclaredError error = DeclaredError.of(type.asSubclass(Throwable.class), operation.qualifiedName());
      for (DeclaredError other : list) {
        if (other.name().equals(error.name())) {
          throw new IllegalArgumentException(operation.qualifiedName() + ": declared errors " + other.type().getName()
              + " and " + type.getName() + " share the name " + error.name()
              + " (expected: declared exception types with distinct simple names)");
        }
      }
      list.add(error);
    }
    this.errors = List.copyOf(list);
  }

  /**
   * The declared errors of an operation.
   *
   * @throws IllegalArgumentException when a declared exception has a field no transport can carry
   */
  public static DeclaredErrors of(OperationMeta operation) {
    DeclaredErrors errors = CACHE.get(operation);
    return errors != null ? errors : CACHE.computeIfAbsent(operation, DeclaredErrors::new);
  }

  public List<DeclaredError> all() {
    return errors;
  }

  /**
   * The declared error a throwable is an instance of, or null: the most specific one, so that a
   * subclass of two declared types travels as the nearer.
   */
  public DeclaredError find(Throwable error) {
    DeclaredError nearest = null;
    int nearestDistance = Integer.MAX_VALUE;
    for (DeclaredError each : errors) {
      int distance = 0;
      for (Class<?> type = error.getClass(); type != null; type = type.getSuperclass(), distance++) {
        if (type == each.type()) {
          if (distance < nearestDistance) {
            nearest = each;
            nearestDistance = distance;
          }
          break;
        }
      }
    }
    return nearest;
  }

  /** The declared error travelling under a name, or null when this side does not know it. */
  public DeclaredError named(String name) {
    for (DeclaredError each : errors) {
      if (each.name().equals(name)) {
        return each;
      }
    }
    return null;
  }

  /**
   * What a consumer gets for a declared error read off the wire: the rebuilt exception as the
   * cause when this side knows the type, else the details alone.
   */
  public static AxleException received(String message, String name, Map<String, Object> details, Throwable rebuilt) {
    return new AxleException(io.axle.Status.APPLICATION_ERROR, message, name, details, rebuilt);
  }
}
