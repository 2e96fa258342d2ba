package io.axle.types;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One value type of a contract, as both transports see it: what kind of value it is and, for
 * containers and messages, the types inside. Built by {@link DataTypes}; immutable once built
 * (a recursive type refers to itself through its properties).
 */
public final class DataType {
  /** The kinds of value a contract may carry; docs/protocol.md gives each one's wire form. */
  public enum Kind {
    VOID, BOOLEAN, INT, LONG, SHORT, BYTE, CHAR, FLOAT, DOUBLE, STRING, BYTES,
    /** Text in the type's ISO / canonical form: see {@link TextForm}. */
    TEXT,
    ENUM, OPTIONAL, COLLECTION, ARRAY, MAP, RECORD, POJO
  }

  private final Kind kind;
  private final Type type;
  private final Class<?> raw;
  private final Object absent;
  DataType element;
  DataType key;
  TextForm text;
  Supplier<Object> containers;
  List<Property> properties = List.of();
  Constructor<?> creator;

  DataType(Kind kind, Type type, Class<?> raw) {
    this.kind = kind;
    this.type = type;
    this.raw = raw;
    this.absent = kind == Kind.OPTIONAL ? Optional.empty()
        : raw.isPrimitive() && raw != void.class ? Array.get(Array.newInstance(raw, 1), 0) : null;
  }

  public Kind kind() {
    return kind;
  }

  public Type type() {
    return type;
  }

  public Class<?> rawClass() {
    return raw;
  }

  public boolean isPrimitive() {
    return raw.isPrimitive();
  }

  /** What a value left out of a message reads as: a primitive's zero, an empty Optional, else null. */
  public Object absent() {
    return absent;
  }

  /** The element of a collection, array or Optional; the value type of a map. */
  public DataType element() {
    return element;
  }

  /** The key type of a map. */
  public DataType key() {
    return key;
  }

  public TextForm text() {
    return text;
  }

  /** The fields of a record or class, in highway field-number order. */
  public List<Property> properties() {
    return properties;
  }

  /** A new empty collection or map of the declared type (a List reads as ArrayList, a Set as LinkedHashSet). */
  @SuppressWarnings("unchecked")
  public Collection<Object> newCollection() {
    return (Collection<Object>) containers.get();
  }

  @SuppressWarnings("unchecked")
  public Map<Object, Object> newMap() {
    return (Map<Object, Object>) containers.get();
  }

  /** An array of this array type holding {@code elements}. */
  public Object newArray(List<?> elements) {
    Object array = Array.newInstance(raw.getComponentType(), elements.size());
    for (int i = 0; i < elements.size(); i++) {
      Array.set(array, i, elements.get(i));
    }
    return array;
  }

  /**
   * A record or class instance from its property values in order; an absent value is passed as
   * {@code null} and becomes the property's {@link #absent()} value.
   */
  public Object create(Object[] values) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        values[i] = properties.get(i).type().absent();
      }
    }
    if (kind != Kind.RECORD) {
      Object instance = newInstance();
      try {
        for (int i = 0; i < values.length; i++) {
          properties.get(i).field().set(instance, values[i]);
        }
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot fill " + raw.getName() + ": " + e, e);
      }
      return instance;
    }
    try {
      return creator.newInstance(values);
    } catch (InvocationTargetException e) {
      // A compact constructor that validates its input refused what arrived: the sender's fault.
      Throwable cause = e.getCause();
      throw new IllegalArgumentException(raw.getSimpleName() + describe(values) + ": " + cause
          + " (expected: values its canonical constructor accepts)", cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + raw.getName() + ": " + e, e);
    }
  }

  /**
   * A new instance of this class (not a record) from its no-argument constructor, for a codec that fills
   * its fields in place; each field a message leaves out must then be set to its {@link #absent()} value.
   */
  public Object newInstance() {
    try {
      return creator.newInstance();
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      throw new IllegalStateException(raw.getName() + ": its no-argument constructor threw " + cause, cause);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot create " + raw.getName() + ": " + e, e);
    }
  }

  private String describe(Object[] values) {
    StringBuilder text = new StringBuilder("(");
    for (int i = 0; i < values.length; i++) {
      String value = String.valueOf(values[i]);
      text.append(i == 0 ? "" : ", ").append(properties.get(i).name()).append('=')
          .append(value.length() > 40 ? value.substring(0, 40) + "..." : value);
    }
    return text.append(')').toString();
  }

  @Override
  public String toString() {
    return type.getTypeName();
  }
}
