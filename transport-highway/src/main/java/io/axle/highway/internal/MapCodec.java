package io.axle.highway.internal;

import io.axle.types.DataType;
import io.protostuff.Output;
import java.io.IOException;
import java.util.Map;

/**
 * A map as a nested message of repeated entries (field 1), each a message of key (1) and value
 * (2): protobuf's own {@code map<K, V>} form, inside a message of its own so that a null map and an
 * empty one differ. A null value is left out of its entry and reads back as null.
 */
final class MapCodec extends ValueCodec implements ValueCodecs.Composite {
  private static final int ENTRY = 1;

  private final EntriesSchema entries = new EntriesSchema();
  private final EntrySchema entry = new EntrySchema();
  private ValueCodec key;
  private ValueCodec value;

  MapCodec(DataType type) {
    super(type);
  }

  @Override
  public void link() {
    key = ValueCodecs.of(type().key());
    value = ValueCodecs.of(type().element());
  }

  @Override
  void write(Output out, int number, Object map, boolean repeated) throws IOException {
    out.writeObject(number, map, entries, repeated);
  }

  @Override
  Object read(BodyInput in) throws IOException {
    return in.readMessage(entries, null);
  }

  private final class EntriesSchema extends NestedSchema {
    EntriesSchema() {
      super("map");
    }

    @Override
    public void writeTo(Output out, Object map) throws IOException {
      for (Map.Entry<?, ?> each : ((Map<?, ?>) map).entrySet()) {
        out.writeObject(ENTRY, each, entry, true);
      }
    }

    @Override
    public Object newMessage() {
      return type().newMap();
    }

    @Override
    @SuppressWarnings("unchecked")
    void readFrom(BodyInput in, Object map) throws IOException {
      Map<Object, Object> target = (Map<Object, Object>) map;
      for (int number = in.readFieldNumber(this); number != 0; number = in.readFieldNumber(this)) {
        if (number == ENTRY) {
          Object[] pair = (Object[]) in.readMessage(entry, null);
          target.put(pair[0], pair[1]);
        } else {
          in.skipField(number, this);
        }
      }
    }
  }

  private final class EntrySchema extends NestedSchema {
    EntrySchema() {
      super("entry");
    }

    @Override
    public void writeTo(Output out, Object message) throws IOException {
      Map.Entry<?, ?> each = (Map.Entry<?, ?>) message;
      if (each.getKey() != null) {
        key.write(out, 1, each.getKey(), false);
      }
      if (each.getValue() != null) {
        value.write(out, 2, each.getValue(), false);
      }
    }

    @Override
    public Object newMessage() {
      return new Object[2];
    }

    @Override
    void readFrom(BodyInput in, Object message) throws IOException {
      Object[] pair = (Object[]) message;
      for (int number = in.readFieldNumber(this); number != 0; number = in.readFieldNumber(this)) {
        switch (number) {
          case 1 -> pair[0] = key.read(in);
          case 2 -> pair[1] = value.read(in);
          default -> in.skipField(number, this);
        }
      }
      if (pair[0] == null) {
        pair[0] = key.absent();
      }
    }
  }
}
