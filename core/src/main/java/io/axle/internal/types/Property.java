package io.axle.internal.types;

import java.lang.reflect.Field;

/**
 * One field of a record or class as it travels: its name (the JSON property), its number on
 * highway ({@code index + 1}) and its type.
 */
public final class Property {
  private final String name;
  private final int index;
  private final Field field;
  private DataType type;

  Property(String name, int index, Field field) {
    this.name = name;
    this.index = index;
    this.field = field;
  }

  public String name() {
    return name;
  }

  /** The highway field number: declaration order, superclass fields first, from 1. */
  public int number() {
    return index + 1;
  }

  public DataType type() {
    return type;
  }

  void type(DataType type) {
    this.type = type;
  }

  public Field field() {
    return field;
  }

  public Object get(Object instance) {
    try {
      return field.get(instance);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(field + " is not readable: " + e.getMessage(), e);
    }
  }

  @Override
  public String toString() {
    return name + ": " + (type == null ? field.getGenericType().getTypeName() : type);
  }
}
