package io.axle.types;

import java.lang.reflect.Field;

/**
 * One field of a record or class as it travels: its name (the JSON property), its place (highway
 * numbers fields in declaration order, superclass fields first, from 1) and its type.
 */
public final class Property {
  private final String name;
  private final Field field;
  private final boolean sent;
  private DataType type;

  Property(String name, Field field, boolean sent) {
    this.name = name;
    this.field = field;
    this.sent = sent;
  }

  public String name() {
    return name;
  }

  /**
   * False for a record component marked {@code @JsonIgnore}: it stays in the record's canonical
   * constructor, but neither transport sends it, so it always arrives absent.
   */
  public boolean isSent() {
    return sent;
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
