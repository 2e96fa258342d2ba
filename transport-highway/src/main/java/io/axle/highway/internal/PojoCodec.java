package io.axle.highway.internal;

import io.axle.types.DataType;
import io.axle.types.Property;
import io.protostuff.Output;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.List;

/**
 * A class (not a record) as a nested message: its fields as fields 1..n in declaration order, superclass
 * first, the wire form of {@link MessageCodec}'s records. Read in place: the instance is made by its
 * no-argument constructor, each field set as it arrives, and each field the message left out set to null,
 * a primitive's zero or an empty Optional, as if it had been sent so. A primitive field is read and written
 * through {@link Field#setLong}-style accessors, never boxed; other fields through their type's codec.
 */
final class PojoCodec extends ValueCodec implements ValueCodecs.Composite {
  private final Schema schema = new Schema();
  private Slot[] slots;

  PojoCodec(DataType type) {
    super(type);
  }

  @Override
  public void link() {
    List<Property> properties = type().properties();
    Slot[] made = new Slot[properties.size()];
    for (int i = 0; i < made.length; i++) {
      made[i] = Slot.of(i + 1, properties.get(i));
    }
    slots = made;
  }

  @Override
  void write(Output out, int number, Object value, boolean repeated) throws IOException {
    out.writeObject(number, value, schema, repeated);
  }

  @Override
  Object read(BodyInput in) throws IOException {
    return in.readMessage(schema, type().newInstance());
  }

  private final class Schema extends NestedSchema {
    Schema() {
      super(type().rawClass().getSimpleName());
    }

    @Override
    public void writeTo(Output out, Object instance) throws IOException {
      try {
        for (Slot slot : slots) {
          slot.write(out, instance);
        }
      } catch (IllegalAccessException e) {
        throw unreachable(e);
      }
    }

    @Override
    void readFrom(BodyInput in, Object instance) throws IOException {
      Slot[] all = slots;
      // Which fields arrived, to set the others absent: a bit each up to 64 fields, an array beyond.
      long seen = 0;
      boolean[] seenBeyond = all.length > Long.SIZE ? new boolean[all.length] : null;
      try {
        for (int number = in.readFieldNumber(this); number != 0; number = in.readFieldNumber(this)) {
          if (number > all.length) {
            in.skipField(number, this);
            continue;
          }
          all[number - 1].read(in, instance);
          if (seenBeyond == null) {
            seen |= 1L << (number - 1);
          } else {
            seenBeyond[number - 1] = true;
          }
        }
        for (int i = 0; i < all.length; i++) {
          if (seenBeyond == null ? (seen & 1L << i) == 0 : !seenBeyond[i]) {
            all[i].clear(instance);
          }
        }
      } catch (IllegalAccessException e) {
        throw unreachable(e);
      }
    }

    @Override
    public Object newMessage() {
      return type().newInstance();
    }
  }

  /** DataTypes made every field accessible before any codec saw it. */
  private IllegalStateException unreachable(IllegalAccessException e) {
    return new IllegalStateException(type() + ": a field is not accessible: " + e, e);
  }

  /** One field of the class: how it is written as field {@code number}, read, and cleared when absent. */
  private abstract static class Slot {
    final int number;
    final Field field;

    Slot(int number, Field field) {
      this.number = number;
      this.field = field;
    }

    static Slot of(int number, Property property) {
      Field field = property.field();
      Class<?> type = field.getType();
      if (type == int.class) {
        return new IntSlot(number, field);
      }
      if (type == long.class) {
        return new LongSlot(number, field);
      }
      if (type == double.class) {
        return new DoubleSlot(number, field);
      }
      if (type == boolean.class) {
        return new BooleanSlot(number, field);
      }
      return new ValueSlot(number, field, ValueCodecs.of(property.type()));
    }

    abstract void write(Output out, Object instance) throws IOException, IllegalAccessException;

    abstract void read(BodyInput in, Object instance) throws IOException, IllegalAccessException;

    abstract void clear(Object instance) throws IllegalAccessException;
  }

  /** Any field through its type's codec; null is left out. */
  private static final class ValueSlot extends Slot {
    private final ValueCodec codec;

    ValueSlot(int number, Field field, ValueCodec codec) {
      super(number, field);
      this.codec = codec;
    }

    @Override
    void write(Output out, Object instance) throws IOException, IllegalAccessException {
      Object value = field.get(instance);
      if (value != null) {
        codec.write(out, number, value, false);
      }
    }

    @Override
    void read(BodyInput in, Object instance) throws IOException, IllegalAccessException {
      field.set(instance, codec.read(in));
    }

    @Override
    void clear(Object instance) throws IllegalAccessException {
      field.set(instance, codec.absent());
    }
  }

  private static final class IntSlot extends Slot {
    IntSlot(int number, Field field) {
      super(number, field);
    }

    @Override
    void write(Output out, Object instance) throws IOException, IllegalAccessException {
      out.writeInt32(number, field.getInt(instance), false);
    }

    @Override
    void read(BodyInput in, Object instance) throws IOException, IllegalAccessException {
      field.setInt(instance, in.in.readInt32());
    }

    @Override
    void clear(Object instance) throws IllegalAccessException {
      field.setInt(instance, 0);
    }
  }

  private static final class LongSlot extends Slot {
    LongSlot(int number, Field field) {
      super(number, field);
    }

    @Override
    void write(Output out, Object instance) throws IOException, IllegalAccessException {
      out.writeInt64(number, field.getLong(instance), false);
    }

    @Override
    void read(BodyInput in, Object instance) throws IOException, IllegalAccessException {
      field.setLong(instance, in.in.readInt64());
    }

    @Override
    void clear(Object instance) throws IllegalAccessException {
      field.setLong(instance, 0);
    }
  }

  private static final class DoubleSlot extends Slot {
    DoubleSlot(int number, Field field) {
      super(number, field);
    }

    @Override
    void write(Output out, Object instance) throws IOException, IllegalAccessException {
      out.writeDouble(number, field.getDouble(instance), false);
    }

    @Override
    void read(BodyInput in, Object instance) throws IOException, IllegalAccessException {
      field.setDouble(instance, in.in.readDouble());
    }

    @Override
    void clear(Object instance) throws IllegalAccessException {
      field.setDouble(instance, 0);
    }
  }

  private static final class BooleanSlot extends Slot {
    BooleanSlot(int number, Field field) {
      super(number, field);
    }

    @Override
    void write(Output out, Object instance) throws IOException, IllegalAccessException {
      out.writeBool(number, field.getBoolean(instance), false);
    }

    @Override
    void read(BodyInput in, Object instance) throws IOException, IllegalAccessException {
      field.setBoolean(instance, in.in.readBool());
    }

    @Override
    void clear(Object instance) throws IllegalAccessException {
      field.setBoolean(instance, false);
    }
  }
}
