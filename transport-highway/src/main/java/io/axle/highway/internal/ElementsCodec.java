package io.axle.highway.internal;

import io.axle.types.DataType;
import io.protostuff.Output;
import java.io.IOException;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;

/**
 * A collection or an array (other than {@code byte[]}) as a nested message: each non-null element
 * as a repeated field 1 in order, and the positions of null elements as a repeated field 2. The
 * nesting keeps an empty collection apart from a null one and lets collections nest.
 */
final class ElementsCodec extends ValueCodec implements ValueCodecs.Composite {
  private static final int ELEMENT = 1;
  private static final int NULL_AT = 2;

  private final Schema schema = new Schema();
  private ValueCodec element;
  /** True when the declared collection reads as an ArrayList: the list the elements were read into is it. */
  private boolean readsAsArrayList;

  ElementsCodec(DataType type) {
    super(type);
  }

  @Override
  public void link() {
    element = ValueCodecs.of(type().element());
    readsAsArrayList = type().kind() == DataType.Kind.COLLECTION && type().newCollection().getClass() == ArrayList.class;
  }

  @Override
  void write(Output out, int number, Object value, boolean repeated) throws IOException {
    out.writeObject(number, value, schema, repeated);
  }

  @Override
  Object read(BodyInput in) throws IOException {
    Elements read = (Elements) in.readMessage(schema, null);
    List<Object> values = read.withNulls();
    if (type().kind() == DataType.Kind.ARRAY) {
      return type().newArray(values);
    }
    if (readsAsArrayList) {
      return values;
    }
    Collection<Object> collection = type().newCollection();
    collection.addAll(values);
    return collection;
  }

  /** What was read: the elements, and where the nulls go between them. */
  private static final class Elements {
    final List<Object> values = new ArrayList<>();
    int[] nulls = new int[0];
    int nullCount;

    void nullAt(int position) {
      if (position < 0 || (nullCount > 0 && position <= nulls[nullCount - 1])) {
        throw new IllegalArgumentException("null position " + Integer.toUnsignedString(position)
            + " (expected: positions in ascending order)");
      }
      if (nullCount == nulls.length) {
        nulls = Arrays.copyOf(nulls, Math.max(4, nullCount * 2));
      }
      nulls[nullCount++] = position;
    }

    List<Object> withNulls() {
      if (nullCount == 0) {
        return values;
      }
      int size = values.size() + nullCount;
      if (nulls[nullCount - 1] >= size) {
        throw new IllegalArgumentException("null position " + nulls[nullCount - 1] + " (expected: < " + size
            + ", the number of elements)");
      }
      List<Object> all = new ArrayList<>(size);
      int next = 0;
      int value = 0;
      for (int i = 0; i < size; i++) {
        if (next < nullCount && nulls[next] == i) {
          all.add(null);
          next++;
        } else {
          all.add(values.get(value++));
        }
      }
      return all;
    }
  }

  private final class Schema extends NestedSchema {
    Schema() {
      super("elements");
    }

    @Override
    public void writeTo(Output out, Object value) throws IOException {
      if (value.getClass().getComponentType() instanceof Class<?> component && component.isPrimitive()) {
        // A primitive array has no nulls to place.
        int length = Array.getLength(value);
        for (int i = 0; i < length; i++) {
          element.write(out, ELEMENT, Array.get(value, i), true);
        }
        return;
      }
      // An array of objects is written as the list it views, without a copy.
      Collection<?> collection = value instanceof Object[] objects ? Arrays.asList(objects) : (Collection<?>) value;
      int position = 0;
      int[] nulls = null;
      int nullCount = 0;
      for (Object each : collection) {
        if (each == null) {
          if (nulls == null || nullCount == nulls.length) {
            nulls = nulls == null ? new int[4] : Arrays.copyOf(nulls, nullCount * 2);
          }
          nulls[nullCount++] = position;
        } else {
          element.write(out, ELEMENT, each, true);
        }
        position++;
      }
      for (int i = 0; i < nullCount; i++) {
        out.writeUInt32(NULL_AT, nulls[i], true);
      }
    }

    @Override
    public Object newMessage() {
      return new Elements();
    }

    @Override
    void readFrom(BodyInput in, Object message) throws IOException {
      Elements elements = (Elements) message;
      for (int number = in.readFieldNumber(this); number != 0; number = in.readFieldNumber(this)) {
        switch (number) {
          case ELEMENT -> elements.values.add(element.read(in));
          case NULL_AT -> elements.nullAt(in.in.readUInt32());
          default -> in.skipField(number, this);
        }
      }
    }
  }
}
