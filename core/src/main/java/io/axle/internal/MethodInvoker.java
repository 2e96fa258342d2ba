package io.axle.internal;

import io.axle.Response;
import io.axle.contract.OperationMeta;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The end of a provider chain: calls the bean method through a method handle bound at start-up
 * (no reflective lookup or access check per call).
 *
 * <p>The handle is held as a constant: each invoker defines its own hidden class from the
 * {@link ConstantInvoker} template, with the handle as a static final the JIT folds, so the call
 * inlines into the bean method. Should defining that class fail, the invoker calls through the
 * handle held in a field instead, which works the same, only slower.
 */
public final class MethodInvoker implements InvocationChain {
  private static final Logger log = LoggerFactory.getLogger(MethodInvoker.class);

  private final OperationMeta operation;
  private final Call call;

  public MethodInvoker(OperationMeta operation, Object target) {
    this(operation, target, true);
  }

  private MethodInvoker(OperationMeta operation, Object target, boolean constant) {
    this.operation = operation;
    MethodHandle handle = handle(operation, target);
    this.call = constant ? constantCall(operation, handle) : new PlainCall(handle);
  }

  /**
   * An invoker that calls through the handle held in a field, never through a hidden class: the
   * way every call went before, kept for benchmarks to compare the two.
   */
  public static MethodInvoker withPlainHandle(OperationMeta operation, Object target) {
    return new MethodInvoker(operation, target, false);
  }

  private static MethodHandle handle(OperationMeta operation, Object target) {
    try {
      MethodHandle h = MethodHandles.lookup().unreflect(operation.method()).bindTo(target);
      return h.asSpreader(Object[].class, operation.parameterCount())
          .asType(MethodType.methodType(Object.class, Object[].class));
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException("operation " + operation.qualifiedName()
          + ": cannot call " + operation.method() + " (expected: a public method of a public interface)", e);
    }
  }

  /**
   * A hidden class of the template whose class data is {@code handle}, or the plain call when it
   * cannot be defined: this is an optimisation, never a reason for start-up to fail.
   */
  private static Call constantCall(OperationMeta operation, MethodHandle handle) {
    byte[] template = Template.BYTES;
    if (template == null) {
      return new PlainCall(handle);
    }
    try {
      MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClassWithClassData(template, handle, true);
      return (Call) hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class)).invoke();
    } catch (Throwable t) {
      if (t instanceof VirtualMachineError error) {
        throw error;
      }
      log.debug("operation {}: calling {} through a plain method handle (defining its hidden class failed)",
          operation.qualifiedName(), operation.method(), t);
      return new PlainCall(handle);
    }
  }

  /** The class calls go through: a hidden class of {@link ConstantInvoker}, or {@link PlainCall}. */
  Class<?> callClass() {
    return call.getClass();
  }

  @Override
  public CompletableFuture<Response> proceed(Invocation invocation) {
    Object result;
    try {
      result = call.invoke(invocation.args());
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

  /** Calls the bean method with the arguments in declaration order; what it throws passes through. */
  interface Call {
    Object invoke(Object[] args) throws Throwable;
  }

  /** The fallback: the handle in a field, which the JIT cannot fold, so each call walks its chain. */
  private static final class PlainCall implements Call {
    private final MethodHandle handle;

    PlainCall(MethodHandle handle) {
      this.handle = handle;
    }

    @Override
    public Object invoke(Object[] args) throws Throwable {
      return (Object) handle.invokeExact(args);
    }
  }

  /** The template's class file, read once; {@code null} when it cannot be read (then no invoker is constant). */
  private static final class Template {
    static final byte[] BYTES = read();

    private static byte[] read() {
      String name = ConstantInvoker.class.getSimpleName() + ".class";
      try (InputStream in = ConstantInvoker.class.getResourceAsStream(name)) {
        if (in == null) {
          log.debug("{} not found as a resource: provider methods are called through plain method handles", name);
          return null;
        }
        return in.readAllBytes();
      } catch (IOException | RuntimeException e) {
        log.debug("{} unreadable: provider methods are called through plain method handles", name, e);
        return null;
      }
    }
  }
}
