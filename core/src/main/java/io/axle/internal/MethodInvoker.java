package io.axle.internal;

import io.axle.FilterChain;
import io.axle.Invocation;
import io.axle.Response;
import io.axle.contract.OperationMeta;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The end of a provider chain: calls the bean method through a method handle bound at start-up
 * (no reflective lookup or access check per call).
 */
public final class MethodInvoker implements FilterChain {
  private final OperationMeta operation;
  private final MethodHandle handle;

  public MethodInvoker(OperationMeta operation, Object target) {
    this.operation = operation;
    try {
      MethodHandle h = MethodHandles.lookup().unreflect(operation.method()).bindTo(target);
      this.handle = h.asSpreader(Object[].class, operation.parameterCount())
          .asType(MethodType.methodType(Object.class, Object[].class));
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException("operation " + operation.qualifiedName()
          + ": cannot call " + operation.method() + " (expected: a public method of a public interface)", e);
    }
  }

  @Override
  public CompletableFuture<Response> proceed(Invocation invocation) {
    Object result;
    try {
      result = (Object) handle.invokeExact(invocation.args());
    } catch (Throwable t) {
      return CompletableFuture.completedFuture(Response.failure(Failures.fromProvider(operation, t)));
    }
    if (!operation.isAsync()) {
      return CompletableFuture.completedFuture(Response.ok(result));
    }
    if (result == null) {
      return CompletableFuture.completedFuture(Response.failure(Failures.fromProvider(operation,
          new NullPointerException("returned a null future (expected: a CompletableFuture)"))));
    }
    CompletableFuture<Response> out = new CompletableFuture<>();
    ((CompletionStage<?>) result).whenComplete((value, error) ->
        out.complete(error == null ? Response.ok(value) : Response.failure(Failures.fromProvider(operation, error))));
    return out;
  }
}
