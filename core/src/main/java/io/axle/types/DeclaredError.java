package io.axle.types;

import io.axle.AxleException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An exception type an operation declares ({@code throws OrderNotFoundException}): its name on
 * the wire (the simple class name), and its own fields — those of its classes outside the JDK,
 * superclass first — which travel like a record's. The consumer rebuilds it with the provider's
 * message, without running its constructors, so any exception class can be declared.
 */
public final class DeclaredError {
  private final Class<? extends Throwable> type;
  private final List<Property> properties;
  private final Constructor<?> creator;

  private DeclaredError(Class<? extends Throwable> type, String where) {
    if (java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
      throw new IllegalArgumentException(where + ": declared error " + type.getName()
          + " (expected: a concrete exception class; a consumer must know what to build)");
    }
    this.type = type;
    List<Field> fields = new ArrayList<>();
    collect(type, fields);
    List<Property> list = new ArrayList<>();
    for (Field field : fields) {
      field.setAccessible(true);
      Property property = new Property(field.getName(), field, true);
      property.type(DataTypes.of(DataTypes.resolvedType(type, field),
          where + ": declared error " + type.getSimpleName() + " field " + field.getName()));
      list.add(property);
    }
    this.properties = List.copyOf(list);
    this.creator = Instances.throwable(type);
  }

  static DeclaredError of(Class<? extends Throwable> type, String where) {
    return new DeclaredError(type, where);
  }

  private static void collect(Class<?> type, List<Field> fields) {
    if (type == null || type.getName().startsWith("java.") || type.getName().startsWith("javax.")) {
      return;
    }
    collect(type.getSuperclass(), fields);
    for (Field field : type.getDeclaredFields()) {
      int modifiers = field.getModifiers();
      if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers) && !field.isSynthetic()) {
        fields.add(field);
      }
    }
  }

  public Class<? extends Throwable> type() {
    return type;
  }

  /** The name the error travels under: the simple name of its class. */
  public String name() {
    return type.getSimpleName();
  }

  public List<Property> properties() {
    return properties;
  }

  /** The exception's fields by name, in order. */
  public Map<String, Object> details(Throwable error) {
    Map<String, Object> details = new LinkedHashMap<>();
    for (Property property : properties) {
      details.put(property.name(), property.get(error));
    }
    return details;
  }

  /**
   * What a consumer that declares this type gets for its fields read off either wire: the rebuilt
   * exception as the cause, the values as the details.
   */
  public AxleException received(String message, Object[] values) {
    Map<String, Object> details = new LinkedHashMap<>();
    for (int i = 0; i < values.length; i++) {
      details.put(properties.get(i).name(), values[i]);
    }
    return DeclaredErrors.received(message, name(), details, create(message, values));
  }

  /** The exception with the provider's message and these field values (null for absent ones). */
  Throwable create(String message, Object[] values) {
    try {
      Throwable error = (Throwable) creator.newInstance(message);
      for (int i = 0; i < properties.size(); i++) {
        Property property = properties.get(i);
        property.field().set(error, values[i] == null ? property.type().absent() : values[i]);
      }
      return error;
    } catch (InvocationTargetException | InstantiationException | IllegalAccessException e) {
      throw new IllegalStateException("cannot rebuild " + type.getName() + ": " + e, e);
    }
  }

  @Override
  public String toString() {
    return name() + properties;
  }
}
