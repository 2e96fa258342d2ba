package io.axle.highway.internal;

import io.protostuff.Input;
import io.protostuff.Output;
import io.protostuff.Schema;
import java.io.IOException;

/**
 * A protostuff schema for a list of values as fields 1..n: the arguments of an operation in
 * declaration order, or its result as field 1. Null values are not written, so they read back
 * as null (or 0/false for primitives, an empty Optional).
 */
final class FieldsSchema implements Schema<Object[]> {
  private final String name;
  private final ValueCodec[] codecs;

  FieldsSchema(String name, ValueCodec[] codecs) {
    this.name = name;
    this.codecs = codecs;
  }

  int size() {
    return codecs.length;
  }

  @Override
  public void writeTo(Output output, Object[] values) throws IOException {
    for (int i = 0; i < codecs.length; i++) {
      Object value = values[i];
      if (value != null) {
        codecs[i].write(output, i + 1, value, false);
      }
    }
  }

  @Override
  public void mergeFrom(Input input, Object[] values) throws IOException {
    for (int number = input.readFieldNumber(this); number != 0; number = input.readFieldNumber(this)) {
      if (number <= codecs.length) {
        values[number - 1] = codecs[number - 1].read(input);
      } else {
        input.handleUnknownField(number, this);
      }
    }
    for (int i = 0; i < codecs.length; i++) {
      if (values[i] == null) {
        values[i] = codecs[i].absent();
      }
    }
  }

  @Override
  public Object[] newMessage() {
    return new Object[codecs.length];
  }

  @Override
  public boolean isInitialized(Object[] message) {
    return true;
  }

  @Override
  public String getFieldName(int number) {
    return number >= 1 && number <= codecs.length ? "f" + number : null;
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
  public Class<? super Object[]> typeClass() {
    return Object[].class;
  }
}
