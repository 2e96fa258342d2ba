package io.axle.highway.internal;

import io.axle.types.Property;
import io.protostuff.Output;
import java.io.IOException;
import java.util.List;

/**
 * A protostuff schema for a list of values as fields 1..n: the arguments of an operation in
 * declaration order, its result as field 1, or a declared error's fields. Its messages are
 * {@code Object[]}s. Null values are not written, so they read back as null (or 0/false for
 * primitives, an empty Optional).
 */
final class FieldsSchema extends NestedSchema {
  private final ValueCodec[] codecs;

  FieldsSchema(String name, ValueCodec[] codecs) {
    super(name);
    this.codecs = codecs;
  }

  /** The schema of a record's, class's or declared error's fields, in their order. */
  static FieldsSchema of(String name, List<Property> properties) {
    ValueCodec[] codecs = new ValueCodec[properties.size()];
    for (int i = 0; i < codecs.length; i++) {
      codecs[i] = ValueCodecs.of(properties.get(i).type());
    }
    return new FieldsSchema(name, codecs);
  }

  int size() {
    return codecs.length;
  }

  @Override
  public void writeTo(Output output, Object message) throws IOException {
    Object[] values = (Object[]) message;
    for (int i = 0; i < codecs.length; i++) {
      Object value = values[i];
      if (value != null) {
        codecs[i].write(output, i + 1, value, false);
      }
    }
  }

  @Override
  void readFrom(BodyInput input, Object message) throws IOException {
    Object[] values = (Object[]) message;
    for (int number = input.readFieldNumber(this); number != 0; number = input.readFieldNumber(this)) {
      if (number <= codecs.length) {
        values[number - 1] = codecs[number - 1].read(input);
      } else {
        input.skipField(number, this);
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
}
