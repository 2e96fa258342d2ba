package io.axle.highway.internal;

import io.axle.internal.types.DataType;
import io.axle.internal.types.Property;
import io.protostuff.Input;
import io.protostuff.Output;
import java.io.IOException;
import java.util.List;

/**
 * A record or class as a nested message: its fields as fields 1..n (record components in order;
 * a class's fields in declaration order, superclass first). Null fields are left out and read
 * back as null, a primitive's zero or an empty Optional. A record is built through its canonical
 * constructor, so its own checks run on what arrives.
 */
final class MessageCodec extends ValueCodec implements ValueCodecs.Composite {
  private final Fields schema;

  MessageCodec(DataType type) {
    super(type);
    this.schema = new Fields(type.rawClass().getSimpleName());
  }

  @Override
  public void link() {
    List<Property> properties = type().properties();
    ValueCodec[] codecs = new ValueCodec[properties.size()];
    for (int i = 0; i < codecs.length; i++) {
      codecs[i] = ValueCodecs.of(properties.get(i).type());
    }
    schema.codecs = codecs;
  }

  @Override
  void write(Output out, int number, Object value, boolean repeated) throws IOException {
    out.writeObject(number, value, schema, repeated);
  }

  @Override
  Object read(Input in) throws IOException {
    return type().create((Object[]) in.mergeObject(null, schema));
  }

  private final class Fields extends NestedSchema {
    ValueCodec[] codecs;

    Fields(String name) {
      super(name);
    }

    @Override
    public void writeTo(Output out, Object value) throws IOException {
      List<Property> properties = type().properties();
      for (int i = 0; i < codecs.length; i++) {
        Object field = properties.get(i).get(value);
        if (field != null) {
          codecs[i].write(out, i + 1, field, false);
        }
      }
    }

    @Override
    public Object newMessage() {
      return new Object[codecs.length];
    }

    @Override
    public void mergeFrom(Input in, Object message) throws IOException {
      Object[] values = (Object[]) message;
      for (int number = in.readFieldNumber(this); number != 0; number = in.readFieldNumber(this)) {
        if (number <= codecs.length) {
          values[number - 1] = codecs[number - 1].read(in);
        } else {
          in.handleUnknownField(number, this);
        }
      }
    }
  }
}
