package io.axle.internal;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.util.Objects;

/**
 * The template of the class {@link MethodInvoker} defines once per operation: its bytes are read
 * as they are and defined again as a hidden class whose class data is that operation's handle
 * ({@link MethodHandles.Lookup#defineHiddenClassWithClassData}). This class itself is never
 * initialized or instantiated: it has no class data, and its initializer would fail.
 *
 * <p>Why: each hidden class has its own {@link #HANDLE}, and a static final field is a constant to
 * the JIT, so {@code HANDLE.invokeExact} folds the handle's chain (bound target, spreader, type
 * adaptation) and the bean method can be inlined into {@link #invoke}. Through a handle held in an
 * instance field the JIT cannot fold it, and every call walks that chain instead.
 */
final class ConstantInvoker implements MethodInvoker.Call {
  private static final MethodHandle HANDLE = classData();

  private ConstantInvoker() {
  }

  private static MethodHandle classData() {
    try {
      // The lookup of the hidden class itself: classData needs its original, full-privilege lookup.
      return Objects.requireNonNull(
          MethodHandles.classData(MethodHandles.lookup(), ConstantDescs.DEFAULT_NAME, MethodHandle.class),
          "class data (expected: the operation's handle, given when the hidden class was defined)");
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public Object invoke(Object[] args) throws Throwable {
    return (Object) HANDLE.invokeExact(args);
  }
}
