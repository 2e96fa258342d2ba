package io.axle.spring.internal;

import io.axle.Axle;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;

/**
 * What an {@code @RpcReference} injection point receives: a proxy created while beans are being created,
 * bound to core's reference once the runtime has started. A call costs one volatile read more than calling
 * core's proxy directly: the handler forwards to core's {@link InvocationHandler}, no reflection per call.
 */
final class LazyReference implements InvocationHandler {

  private final Class<?> schemaInterface;
  private final String serviceName;
  private final String schemaId;
  private final Set<String> injectionPoints = new CopyOnWriteArraySet<>();
  private final Object proxy;
  private volatile InvocationHandler target;
  private volatile String unboundReason = "the Axle runtime has not started yet";

  LazyReference(Class<?> schemaInterface, String serviceName, String schemaId) {
    this.schemaInterface = schemaInterface;
    this.serviceName = serviceName;
    this.schemaId = schemaId;
    this.proxy = Proxy.newProxyInstance(schemaInterface.getClassLoader(), new Class<?>[] {schemaInterface}, this);
  }

  Object proxy() {
    return proxy;
  }

  void injectedInto(String injectionPoint) {
    injectionPoints.add(injectionPoint);
  }

  /**
   * Binds to {@code axle}'s reference.
   *
   * @throws IllegalStateException naming the injection points, with core's reason (unknown service, schema
   *     or transport)
   */
  void bind(Axle axle) {
    Object real;
    try {
      real = axle.reference(schemaInterface, serviceName, schemaId);
    } catch (RuntimeException e) {
      throw new IllegalStateException("@RpcReference on " + String.join(", ", injectionPoints) + ": "
          + e.getMessage(), e);
    }
    target = Proxy.getInvocationHandler(real);
  }

  /** Calls fail from now on with {@code reason}, until bound again. */
  void unbind(String reason) {
    unboundReason = reason;
    target = null;
  }

  @Override
  public Object invoke(Object self, Method method, Object[] args) throws Throwable {
    InvocationHandler bound = target;
    if (bound != null) {
      return bound.invoke(self, method, args);
    }
    if (method.getDeclaringClass() == Object.class) {
      // Spring and debuggers call these on beans' fields before the runtime starts.
      return switch (method.getName()) {
        case "toString" -> describe() + " (not bound: " + unboundReason + ")";
        case "hashCode" -> System.identityHashCode(self);
        case "equals" -> self == args[0];
        default -> throw new UnsupportedOperationException(method.toString());
      };
    }
    throw new IllegalStateException(describe() + "." + method.getName() + "(…) on "
        + String.join(", ", injectionPoints) + ": not usable yet, " + unboundReason
        + " (expected: calls once the application context has been refreshed and Axle started, e.g. from an "
        + "ApplicationRunner, an ApplicationReadyEvent listener or a request handler, not from a constructor "
        + "or @PostConstruct)");
  }

  private String describe() {
    return "@RpcReference(microserviceName = " + serviceName + ", schemaId = " + schemaId + ") "
        + schemaInterface.getSimpleName();
  }
}
