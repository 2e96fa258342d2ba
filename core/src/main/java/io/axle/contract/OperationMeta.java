package io.axle.contract;

import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Parameter;
import java.lang.reflect.Type;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * One operation of a schema: its name, parameters in declaration order and the type it returns
 * (unwrapped from {@code CompletableFuture} for asynchronous methods).
 */
public final class OperationMeta {
  private final SchemaMeta schema;
  private final Method method;
  private final String name;
  private final String qualifiedName;
  private final Type[] parameterTypes;
  private final Class<?>[] parameterClasses;
  private final String[] parameterNames;
  private final Type resultType;
  private final boolean async;
  private final boolean idempotent;

  OperationMeta(SchemaMeta schema, Method method) {
    this.schema = schema;
    this.method = method;
    this.name = method.getName();
    this.qualifiedName = schema.schemaId() + "." + name;
    this.parameterTypes = method.getGenericParameterTypes();
    this.parameterClasses = method.getParameterTypes();
    Parameter[] params = method.getParameters();
    this.parameterNames = new String[params.length];
    for (int i = 0; i < params.length; i++) {
      parameterNames[i] = params[i].getName();
    }
    Class<?> raw = method.getReturnType();
    if (raw == CompletableFuture.class || raw == CompletionStage.class) {
      this.async = true;
      Type generic = method.getGenericReturnType();
      this.resultType = generic instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : Object.class;
    } else {
      this.async = false;
      this.resultType = method.getGenericReturnType();
    }
    this.idempotent = method.isAnnotationPresent(Idempotent.class);
    method.setAccessible(true);
  }

  /** True when the method is marked {@link Idempotent}. */
  public boolean idempotent() {
    return idempotent;
  }

  public SchemaMeta schema() {
    return schema;
  }

  public String schemaId() {
    return schema.schemaId();
  }

  public String name() {
    return name;
  }

  /** {@code schemaId.operation}, as used in logs and configuration keys. */
  public String qualifiedName() {
    return qualifiedName;
  }

  public Method method() {
    return method;
  }

  public int parameterCount() {
    return parameterTypes.length;
  }

  public Type parameterType(int index) {
    return parameterTypes[index];
  }

  public Class<?> parameterClass(int index) {
    return parameterClasses[index];
  }

  /** Parameter names as compiled ({@code arg0}... unless compiled with {@code -parameters}). */
  public String parameterName(int index) {
    return parameterNames[index];
  }

  /** What the operation produces: the method's return type, or T of {@code CompletableFuture<T>}. */
  public Type resultType() {
    return resultType;
  }

  /** True for methods returning {@code CompletableFuture} or {@code CompletionStage}. */
  public boolean isAsync() {
    return async;
  }

  @Override
  public String toString() {
    return qualifiedName;
  }
}
