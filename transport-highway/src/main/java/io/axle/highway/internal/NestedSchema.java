package io.axle.highway.internal;

import io.protostuff.Schema;

/**
 * The parts of a protostuff {@link Schema} that Axle's nested messages do not use: they are read
 * and written by field number only. {@code mergeFrom} fills a holder that {@code newMessage}
 * made, which the codec then turns into the value (a record cannot be filled in place).
 */
abstract class NestedSchema implements Schema<Object> {
  private final String name;

  NestedSchema(String name) {
    this.name = name;
  }

  @Override
  public boolean isInitialized(Object message) {
    return true;
  }

  @Override
  public String getFieldName(int number) {
    return "f" + number;
  }

  @Override
  public int getFieldNumber(String fieldName) {
    try {
      return Integer.parseInt(fieldName.substring(1));
    } catch (RuntimeException e) {
      return 0;
    }
  }

  @Override
  public String messageName() {
    return name;
  }

  @Override
  public String messageFullName() {
    return name;
  }

  @Override
  public Class<? super Object> typeClass() {
    return Object.class;
  }
}
