package io.axle.spring;

import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.testing.AxleExtension;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * {@link Apps#books} for an application that runs in a class loader of its own (GettingStartedGuideTest's, which
 * loads Spring and Axle afresh from the starter's main class path): there the starter looks for beans of that
 * loader's {@code io.axle.InvocationListener}, which this module's books listener is not. So the bean is a proxy of
 * that interface, and each call it hears is handed to the books as a call of this loader, one stand-in per call (the
 * books match a call's start and end by identity) that reads the original's role and operation, all the books read.
 */
final class LoaderBooks {
  private final ClassLoader loader;
  private final InvocationListener books;
  /** The stand-in of each of the application's calls, by the original's identity: a guide's few calls. */
  private final Map<Object, Call> calls = Collections.synchronizedMap(new IdentityHashMap<>());

  private LoaderBooks(ClassLoader loader, InvocationListener books) {
    this.loader = loader;
    this.books = books;
  }

  /** Books in {@code runtimes}, as {@code label}, for an application of {@code loader}. */
  static LoaderBooks keep(AxleExtension runtimes, String label, ClassLoader loader) {
    return new LoaderBooks(loader, runtimes.listener(label));
  }

  /**
   * For {@code SpringApplication.addInitializers} of the application's loader: an array of one
   * {@code ApplicationContextInitializer}, which registers the books listener, seen through the application's own
   * interface, as a bean.
   */
  Object initializers() throws ReflectiveOperationException {
    Object listener = listener();
    Method getBeanFactory = type(loader, "org.springframework.context.ConfigurableApplicationContext")
        .getMethod("getBeanFactory");
    Method registerSingleton = type(loader, "org.springframework.beans.factory.config.SingletonBeanRegistry")
        .getMethod("registerSingleton", String.class, Object.class);
    Object initializer = proxy(loader, "org.springframework.context.ApplicationContextInitializer",
        "initializer of the " + books, (method, args) -> {
          if (method.getName().equals("initialize")) {
            registerSingleton.invoke(getBeanFactory.invoke(args[0]), "axleExtensionBooks", listener);
          }
          return null;
        });
    Object array = Array.newInstance(type(loader, "org.springframework.context.ApplicationContextInitializer"), 1);
    Array.set(array, 0, initializer);
    return array;
  }

  /** How many of the application's calls the books heard: none would mean the listener never reached its runtime. */
  int callsHeard() {
    return calls.size();
  }

  /** The books listener as the application's {@code io.axle.InvocationListener}. */
  private Object listener() throws ReflectiveOperationException {
    return proxy(loader, "io.axle.InvocationListener", books.toString(), (method, args) -> {
      switch (method.getName()) {
        case "onStage" -> books.onStage(call(args[0]), Stage.valueOf(((Enum<?>) args[1]).name()));
        case "onEnd" -> books.onEnd(call(args[0]), response(args[1]));
        default -> throw new UnsupportedOperationException(method.getName());
      }
      return null;
    });
  }

  /** The stand-in of the application's {@code call}: the same one for each of its stages and its end. */
  private Call call(Object call) {
    return calls.computeIfAbsent(call, original -> (Call) Proxy.newProxyInstance(LoaderBooks.class.getClassLoader(),
        new Class<?>[] {Call.class}, (proxy, method, args) -> switch (method.getName()) {
          case "role" -> Role.valueOf(((Enum<?>) read(original, "io.axle.Call", "role")).name());
          case "operation" -> operation(read(original, "io.axle.Call", "operation"));
          case "equals" -> proxy == args[0];
          case "hashCode" -> System.identityHashCode(proxy);
          case "toString" -> "stand-in of " + original;
          default -> throw new UnsupportedOperationException("the books read a call's role and operation, not "
              + method.getName());
        }));
  }

  /** The application's operation as this loader's: the same schema id and interface, so the same qualified name. */
  private OperationMeta operation(Object operation) throws ReflectiveOperationException {
    String type = "io.axle.contract.OperationMeta";
    Object schema = read(operation, type, "schema");
    return SchemaMeta.of((String) read(operation, type, "schemaId"),
        (Class<?>) read(schema, "io.axle.contract.SchemaMeta", "schemaInterface"))
        .operation((String) read(operation, type, "name"));
  }

  /** The application's response, as far as the books read it: its status. */
  private Response response(Object response) throws ReflectiveOperationException {
    Status status = Status.valueOf(((Enum<?>) read(response, "io.axle.Response", "status")).name());
    return status == Status.OK ? Response.ok(null) : Response.failure(status, "the application's runtime said "
        + response);
  }

  /** {@code type.method()} on {@code target}, an object of the application's loader, through its public type. */
  private Object read(Object target, String type, String method) throws ReflectiveOperationException {
    return type(loader, type).getMethod(method).invoke(target);
  }

  private static Class<?> type(ClassLoader loader, String name) throws ClassNotFoundException {
    return Class.forName(name, false, loader);
  }

  /** What a proxy does with a call of its interface's own methods. */
  @FunctionalInterface
  private interface Handler {
    Object handle(Method method, Object[] args) throws Exception;
  }

  /** A proxy of {@code loader}'s {@code type}: {@code handler} for its methods, identity for Object's. */
  private static Object proxy(ClassLoader loader, String type, String name, Handler handler)
      throws ClassNotFoundException {
    return Proxy.newProxyInstance(loader, new Class<?>[] {type(loader, type)}, (proxy, method, args) ->
        switch (method.getName()) {
          case "equals" -> method.getParameterCount() == 1 ? proxy == args[0] : handler.handle(method, args);
          case "hashCode" -> method.getParameterCount() == 0 ? System.identityHashCode(proxy)
              : handler.handle(method, args);
          case "toString" -> method.getParameterCount() == 0 ? name : handler.handle(method, args);
          default -> handler.handle(method, args);
        });
  }
}
