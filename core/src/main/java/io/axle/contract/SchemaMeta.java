package io.axle.contract;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A schema: a named Java interface whose methods are operations. Immutable; read once per
 * (schemaId, interface) and shared by consumers and providers.
 */
public final class SchemaMeta {
  private static final Map<String, SchemaMeta> CACHE = new ConcurrentHashMap<>();

  private final String schemaId;
  private final Class<?> schemaInterface;
  private final Map<String, OperationMeta> operations;
  private final Map<Method, OperationMeta> byMethod;

  private SchemaMeta(String schemaId, Class<?> schemaInterface) {
    this.schemaId = schemaId;
    this.schemaInterface = schemaInterface;
    Map<String, OperationMeta> ops = new LinkedHashMap<>();
    Map<String, List<Method>> byName = new HashMap<>();
    for (Method method : schemaInterface.getMethods()) {
      if (Modifier.isStatic(method.getModifiers()) || method.getDeclaringClass() == Object.class) {
        continue;
      }
      byName.computeIfAbsent(method.getName(), n -> new ArrayList<>()).add(method);
    }
    for (Map.Entry<String, List<Method>> e : byName.entrySet()) {
      if (e.getValue().size() > 1) {
        throw new IllegalArgumentException("schema " + schemaId + ": operation name " + e.getKey()
            + " is overloaded in " + schemaInterface.getName() + " " + e.getValue().size()
            + " times (expected: one method per name; rename the overloads)");
      }
    }
    List<Method> methods = new ArrayList<>();
    byName.values().forEach(l -> methods.add(l.get(0)));
    methods.sort((a, b) -> a.getName().compareTo(b.getName()));
    Map<Method, OperationMeta> methodsToOps = new HashMap<>();
    for (Method method : methods) {
      OperationMeta op = new OperationMeta(this, method);
      ops.put(op.name(), op);
      methodsToOps.put(method, op);
    }
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("schema " + schemaId + ": " + schemaInterface.getName()
          + " declares no methods (expected: an interface with at least one operation)");
    }
    this.operations = Collections.unmodifiableMap(ops);
    this.byMethod = Map.copyOf(methodsToOps);
  }

  /**
   * The schema for an interface under an id. The id must be a plain identifier because it
   * appears in configuration keys ({@code axle.executors.Provider.<schemaId>}) and on the wire.
   */
  public static SchemaMeta of(String schemaId, Class<?> schemaInterface) {
    if (schemaId == null || !schemaId.matches("[A-Za-z_][A-Za-z0-9_\\-]*")) {
      throw new IllegalArgumentException("schemaId: " + schemaId
          + " (expected: an identifier of letters, digits, '_' or '-', starting with a letter)");
    }
    if (schemaInterface == null || !schemaInterface.isInterface()) {
      throw new IllegalArgumentException("schema " + schemaId + ": "
          + (schemaInterface == null ? "null" : schemaInterface.getName())
          + " (expected: a Java interface)");
    }
    SchemaMeta meta = CACHE.computeIfAbsent(schemaId + "\u0000" + schemaInterface.getName(),
        k -> new SchemaMeta(schemaId, schemaInterface));
    return meta.schemaInterface == schemaInterface ? meta : new SchemaMeta(schemaId, schemaInterface);
  }

  public String schemaId() {
    return schemaId;
  }

  public Class<?> schemaInterface() {
    return schemaInterface;
  }

  /** Operations by name, sorted by name. */
  public Map<String, OperationMeta> operations() {
    return operations;
  }

  /** The operation, or {@code null}. */
  public OperationMeta operation(String name) {
    return operations.get(name);
  }

  /** The operation of an interface method, or {@code null} when the method is not one. */
  public OperationMeta operation(Method method) {
    return byMethod.get(method);
  }

  @Override
  public String toString() {
    return schemaId + "(" + schemaInterface.getName() + ")";
  }
}
