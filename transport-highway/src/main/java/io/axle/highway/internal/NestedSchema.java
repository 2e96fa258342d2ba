package io.axle.highway.internal;

import io.protostuff.Input;
import io.protostuff.Schema;
import java.io.IOException;

/**
 * A nested message of Axle's: written through protostuff's {@link Schema} ({@code writeTo}, called by
 * its {@code Output}), read through {@link BodyInput} ({@link #readFrom}). Fields are known by number
 * only. {@link #readFrom} fills what {@code newMessage} made: the value itself, or a holder the codec
 * then turns into the value (a record cannot be filled in place).
 */
abstract class NestedSchema implements Schema<Object> {
  private final String name;

  NestedSchema(String name) {
    this.name = name;
  }

  /** Reads the fields of one message, up to its end, into {@code message}. */
  abstract void readFrom(BodyInput in, Object message) throws IOException;

  /** Not used: bodies are read through {@link #readFrom}, which checks lengths protostuff does not. */
  @Override
  public final void mergeFrom(Input input, Object message) {
    throw new UnsupportedOperationException(name + " is read through BodyInput");
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
