package io.axle.highway.internal;

import io.axle.internal.types.DataType;
import io.axle.internal.types.DataTypes;
import io.axle.internal.types.TextForm;
import io.protostuff.Input;
import io.protostuff.Output;
import java.io.IOException;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** The codec of each data type, built once and shared (a recursive type shares its own codec). */
final class ValueCodecs {
  private static final Map<DataType, ValueCodec> CODECS = new ConcurrentHashMap<>();
  private static final Object LOCK = new Object();
  /** The codecs of the graph being built, by the thread holding {@link #LOCK}; null between builds. */
  private static Map<DataType, ValueCodec> building;

  private ValueCodecs() {
  }

  /**
   * The codec of a declared type.
   *
   * @throws IllegalArgumentException naming {@code where} and the path inside the type, for a
   *     type a contract cannot carry
   */
  static ValueCodec forType(Type type, String where) {
    return of(DataTypes.of(type, where));
  }

  static ValueCodec of(DataType type) {
    ValueCodec codec = CODECS.get(type);
    if (codec != null) {
      return codec;
    }
    synchronized (LOCK) {
      codec = CODECS.get(type);
      if (codec != null) {
        return codec;
      }
      boolean outermost = building == null;
      if (outermost) {
        building = new HashMap<>();
      }
      try {
        codec = building.get(type);
        if (codec == null) {
          codec = build(type);
        }
        if (outermost) {
          // Published only once every codec of the graph is linked: another thread never sees one half made.
          CODECS.putAll(building);
        }
        return codec;
      } finally {
        if (outermost) {
          building = null;
        }
      }
    }
  }

  private static ValueCodec build(DataType type) {
    ValueCodec codec = switch (type.kind()) {
      case VOID -> new Scalar(type, (out, n, v, r) -> { }, in -> null);
      case STRING -> new Scalar(type, (out, n, v, r) -> writeString(out, n, (String) v, r),
          BodyInput::readString);
      case INT -> new Scalar(type, (out, n, v, r) -> out.writeInt32(n, (Integer) v, r), Input::readInt32);
      case LONG -> new Scalar(type, (out, n, v, r) -> out.writeInt64(n, (Long) v, r), Input::readInt64);
      case BOOLEAN -> new Scalar(type, (out, n, v, r) -> out.writeBool(n, (Boolean) v, r), Input::readBool);
      case DOUBLE -> new Scalar(type, (out, n, v, r) -> out.writeDouble(n, (Double) v, r), Input::readDouble);
      case FLOAT -> new Scalar(type, (out, n, v, r) -> out.writeFloat(n, (Float) v, r), Input::readFloat);
      case SHORT -> new Scalar(type, (out, n, v, r) -> out.writeInt32(n, (Short) v, r),
          in -> (short) inRange(in.readInt32(), Short.MIN_VALUE, Short.MAX_VALUE, "a short"));
      case BYTE -> new Scalar(type, (out, n, v, r) -> out.writeInt32(n, (Byte) v, r),
          in -> (byte) inRange(in.readInt32(), Byte.MIN_VALUE, Byte.MAX_VALUE, "a byte"));
      case CHAR -> new Scalar(type, (out, n, v, r) -> out.writeUInt32(n, (Character) v, r),
          in -> (char) inRange(in.readUInt32(), Character.MIN_VALUE, Character.MAX_VALUE, "a char"));
      case BYTES -> new Scalar(type, (out, n, v, r) -> out.writeByteArray(n, (byte[]) v, r),
          BodyInput::readByteArray);
      case TEXT -> text(type, type.text());
      case ENUM -> new EnumCodec(type);
      case OPTIONAL -> new OptionalCodec(type);
      case COLLECTION, ARRAY -> new ElementsCodec(type);
      case MAP -> new MapCodec(type);
      case RECORD, POJO -> new MessageCodec(type);
    };
    // Known before its inner codecs are made, so that a type containing itself finds it.
    building.put(type, codec);
    if (codec instanceof Composite composite) {
      composite.link();
    }
    return codec;
  }

  /** An int32 read for a narrower type: out of its range is the sender's error, never a silent truncation. */
  private static int inRange(int value, int min, int max, String expected) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(value + " (expected: " + expected + ", " + min + " to " + max + ")");
    }
    return value;
  }

  private static ValueCodec text(DataType type, TextForm form) {
    return new Scalar(type, (out, n, v, r) -> writeString(out, n, form.format(v), r),
        in -> form.parse(BodyInput.readString(in)));
  }

  /**
   * A string field: its UTF-8 bytes from the JDK's encoder (vectorised, a plain copy for Latin-1 text),
   * written as a length-delimited field, which is what protobuf's string is on the wire. protostuff's own
   * {@code writeString} encodes char by char: for a 64 KiB string that was about 45% of a provider's CPU.
   * An unpaired surrogate, which UTF-8 cannot carry, arrives as {@code ?}.
   */
  static void writeString(Output out, int number, String value, boolean repeated) throws IOException {
    out.writeByteArray(number, value.getBytes(StandardCharsets.UTF_8), repeated);
  }

  /** A codec whose inner codecs are looked up after it is registered. */
  interface Composite {
    void link();
  }

  @FunctionalInterface
  private interface Writer {
    void write(Output out, int number, Object value, boolean repeated) throws IOException;
  }

  @FunctionalInterface
  private interface Reader {
    Object read(Input in) throws IOException;
  }

  private static final class Scalar extends ValueCodec {
    private final Writer writer;
    private final Reader reader;

    Scalar(DataType type, Writer writer, Reader reader) {
      super(type);
      this.writer = writer;
      this.reader = reader;
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      writer.write(out, number, value, repeated);
    }

    @Override
    Object read(Input in) throws IOException {
      return reader.read(in);
    }
  }

  /** An enum by its constant's name, so that reordering constants is safe. */
  private static final class EnumCodec extends ValueCodec {
    private final Map<String, Object> byName = new java.util.LinkedHashMap<>();

    EnumCodec(DataType type) {
      super(type);
      for (Object constant : type.rawClass().getEnumConstants()) {
        byName.put(((Enum<?>) constant).name(), constant);
      }
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      writeString(out, number, ((Enum<?>) value).name(), repeated);
    }

    @Override
    Object read(Input in) throws IOException {
      String name = BodyInput.readString(in);
      Object constant = byName.get(name);
      if (constant == null) {
        throw new IllegalArgumentException(TextForm.quoted(name) + " is not a constant of "
            + type().rawClass().getSimpleName() + " (expected: one of " + byName.keySet() + ")");
      }
      return constant;
    }
  }

  /** An Optional as its value, when there is one; an absent field reads as {@code Optional.empty()}. */
  private static final class OptionalCodec extends ValueCodec implements Composite {
    private ValueCodec value;

    OptionalCodec(DataType type) {
      super(type);
    }

    @Override
    public void link() {
      value = of(type().element());
    }

    @Override
    void write(Output out, int number, Object optional, boolean repeated) throws IOException {
      Optional<?> present = (Optional<?>) optional;
      if (present.isPresent()) {
        value.write(out, number, present.get(), repeated);
      }
    }

    @Override
    Object read(Input in) throws IOException {
      return Optional.ofNullable(value.read(in));
    }
  }
}
