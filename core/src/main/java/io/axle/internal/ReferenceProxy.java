package io.axle.internal;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.vertx.core.Context;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The consumer proxy of a schema interface. Synchronous methods block the caller until the
 * response or the deadline; asynchronous ones return at once.
 */
final class ReferenceProxy implements InvocationHandler {
  private final String description;
  private final Map<Method, ConsumerOperation> operations;
  /**
   * The methods already called, by identity. A JDK proxy passes the same {@code Method} objects on
   * every call, but {@code Method.equals} compares names and parameter types, which showed in
   * consumer profiles; an identity scan of the few methods in use costs a few compares instead.
   * Grown copy-on-write; a racing writer may drop an entry, which the next call puts back.
   */
  private volatile Seen seen = new Seen(new Method[0], new ConsumerOperation[0]);

  private record Seen(Method[] methods, ConsumerOperation[] operations) {
  }

  private ReferenceProxy(String description, Map<Method, ConsumerOperation> operations) {
    this.description = description;
    this.operations = operations;
  }

  static <T> T create(Class<T> type, String description, Map<Method, ConsumerOperation> operations) {
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
        new ReferenceProxy(description, operations)));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    ConsumerOperation operation = operation(method);
    if (operation == null) {
      return objectMethod(proxy, method, args);
    }
    if (operation.meta().isAsync()) {
      return callAsync(operation, args);
    }
    if (Context.isOnEventLoopThread()) {
      throw new IllegalStateException("blocking call " + operation.meta().qualifiedName() + " on event-loop thread "
          + Thread.currentThread().getName() + " would dead-lock it (expected: call a CompletableFuture "
          + "method from event-loop code, or run this caller on a worker or virtual thread)");
    }
    ConsumerOperation.Wiring wiring = operation.wiring();
    Invocation invocation = operation.newInvocation(wiring, args);
    Response response;
    try {
      response = operation.call(wiring, invocation).get();
    } catch (ExecutionException e) {
      response = Response.failure(Failures.internal(operation.meta().qualifiedName(), e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      response = Response.failure(new AxleException(Status.INTERNAL_ERROR, operation.meta().qualifiedName()
          + " was interrupted while waiting for its response", e));
    }
    end(invocation, response);
    if (response.isOk()) {
      return response.result() == null ? Primitives.defaultValue(method.getReturnType()) : response.result();
    }
    AxleException error = response.error();
    Throwable declared = declared(error);
    if (declared != null) {
      // The rebuilt exception's stack is where its answer was read; the caller's is more use.
      declared.fillInStackTrace();
      throw declared;
    }
    // A fresh exception, so the caller's stack shows where the failed call was made.
    throw AxleException.rethrown(error);
  }

  private ConsumerOperation operation(Method method) {
    Seen known = seen;
    Method[] methods = known.methods;
    for (int i = 0; i < methods.length; i++) {
      if (methods[i] == method) {
        return known.operations[i];
      }
    }
    ConsumerOperation operation = operations.get(method);
    if (operation != null && methods.length < 64) {
      Method[] moreMethods = Arrays.copyOf(methods, methods.length + 1);
      ConsumerOperation[] moreOperations = Arrays.copyOf(known.operations, methods.length + 1);
      moreMethods[methods.length] = method;
      moreOperations[methods.length] = operation;
      seen = new Seen(moreMethods, moreOperations);
    }
    return operation;
  }

  private static CompletableFuture<Object> callAsync(ConsumerOperation operation, Object[] args) {
    CompletableFuture<Object> result = new CompletableFuture<>();
    ConsumerOperation.Wiring wiring = operation.wiring();
    Invocation invocation = operation.newInvocation(wiring, args);
    operation.call(wiring, invocation).whenComplete((answer, error) -> {
      Response response = error == null ? answer
          : Response.failure(Failures.internal(operation.meta().qualifiedName(), error));
      end(invocation, response);
      if (response.isOk()) {
        result.complete(response.result());
      } else {
        Throwable declared = declared(response.error());
        result.completeExceptionally(declared != null ? declared : response.error());
      }
    });
    return result;
  }

  /**
   * The operation's own exception, rebuilt by the transport, for a declared error the consumer has
   * the class of: the proxy throws it as the interface says. Null for every other failure.
   */
  private static Throwable declared(AxleException error) {
    return error.status() == Status.APPLICATION_ERROR && error.getCause() != null
        && !(error.getCause() instanceof AxleException) ? error.getCause() : null;
  }

  private static void end(Invocation invocation, Response response) {
    invocation.mark(Stage.CONSUMER_END);
    invocation.end(response);
    if (!response.isOk()) {
      Refusals.consumerEnded(invocation, response);
    }
  }

  private Object objectMethod(Object proxy, Method method, Object[] args) {
    return switch (method.getName()) {
      case "toString" -> "reference " + description;
      case "hashCode" -> System.identityHashCode(proxy);
      case "equals" -> proxy == args[0];
      default -> throw new UnsupportedOperationException(method.toString());
    };
  }
}
