package io.axle.highway.internal;

import io.axle.types.DataType;
import io.axle.types.Property;
import io.protostuff.Output;
import java.io.IOException;
import java.util.List;

/**
 * A record as a nested message: its components as fields 1..n in order, through the same {@link
 * FieldsSchema} as an operation's arguments. Null components are left out and read back as null, a
 * primitive's zero or an empty Optional. A record is built through its canonical constructor, so its
 * own checks run on what arrives. A class is {@link PojoCodec}'s: the same wire form, filled in place.
 */
final class MessageCodec extends ValueCodec implements ValueCodecs.Composite {
  private FieldsSchema schema;

  MessageCodec(DataType type) {
    super(type);
  }

  @Override
  public void link() {
    schema = FieldsSchema.of(type().rawClass().getSimpleName(), type().properties());
  }

  @Override
  void write(Output out, int number, Object value, boolean repeated) throws IOException {
    List<Property> properties = type().properties();
    Object[] fields = new Object[properties.size()];
    for (int i = 0; i < fields.length; i++) {
      Property property = properties.get(i);
      fields[i] = property.isSent() ? property.get(value) : null;
    }
    out.writeObject(number, fields, schema, repeated);
  }

  @Override
  Object read(BodyInput in) throws IOException {
    return type().create((Object[]) in.readMessage(schema, null));
  }
}
