package io.axle.types;

import java.lang.reflect.Constructor;
import sun.reflect.ReflectionFactory;

/**
 * Constructors that make instances whose fields are then set from the wire. A class with a
 * no-argument constructor gets that one; any other gets the JDK's serialization constructor,
 * which runs no constructor of the class itself (as protostuff and Java serialization do), so a
 * value class need not be written for Axle.
 */
final class Instances {
  private Instances() {
  }

  /** A no-argument constructor for a class of messages. */
  static Constructor<?> constructor(Class<?> type) {
    try {
      Constructor<?> constructor = type.getDeclaredConstructor();
      constructor.setAccessible(true);
      return constructor;
    } catch (NoSuchMethodException e) {
      return serialization(type, Object.class);
    }
  }

  /**
   * A constructor of {@code type} taking a message, that runs only {@code Throwable(String)}: an
   * exception rebuilt from the wire gets the provider's message and a stack trace of where the
   * consumer received it, whatever constructors the exception class declares.
   */
  static Constructor<?> throwable(Class<? extends Throwable> type) {
    return serialization(type, Throwable.class, String.class);
  }

  private static Constructor<?> serialization(Class<?> type, Class<?> base, Class<?>... parameters) {
    try {
      Constructor<?> constructor = ReflectionFactory.getReflectionFactory()
          .newConstructorForSerialization(type, base.getDeclaredConstructor(parameters));
      constructor.setAccessible(true);
      return constructor;
    } catch (NoSuchMethodException | RuntimeException e) {
      throw new IllegalArgumentException("cannot create instances of " + type.getName()
          + " (expected: a class with a no-argument constructor): " + e, e);
    }
  }
}
