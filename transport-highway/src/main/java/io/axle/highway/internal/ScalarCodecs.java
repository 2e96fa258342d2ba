package io.axle.highway.internal;

import io.axle.types.DataType;
import io.axle.types.TextForm;
import io.protostuff.Output;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The codecs of single values: one small final class per kind rather than one class calling a pair of
 * lambdas, so that a message's field loop makes one virtual call per field, not a virtual call and then
 * an interface call through a lambda that every scalar kind shares (megamorphic: it was about a sixth of
 * decoding a 1 KB order).
 */
final class ScalarCodecs {
  private ScalarCodecs() {
  }

  /** The codec of a scalar kind, or null for the kinds that are not scalars. */
  static ValueCodec of(DataType type) {
    return switch (type.kind()) {
      case VOID -> new VoidCodec(type);
      case STRING -> new StringCodec(type);
      case INT -> new IntCodec(type);
      case LONG -> new LongCodec(type);
      case BOOLEAN -> new BooleanCodec(type);
      case DOUBLE -> new DoubleCodec(type);
      case FLOAT -> new FloatCodec(type);
      case SHORT -> new NarrowCodec(type, Short.MIN_VALUE, Short.MAX_VALUE, "a short");
      case BYTE -> new NarrowCodec(type, Byte.MIN_VALUE, Byte.MAX_VALUE, "a byte");
      case CHAR -> new CharCodec(type);
      case BYTES -> new BytesCodec(type);
      case TEXT -> new TextCodec(type, type.text());
      default -> null;
    };
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

  /** An int32 read for a narrower type: out of its range is the sender's error, never a silent truncation. */
  private static int inRange(int value, int min, int max, String expected) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(value + " (expected: " + expected + ", " + min + " to " + max + ")");
    }
    return value;
  }

  private static final class VoidCodec extends ValueCodec {
    VoidCodec(DataType type) {
      super(type);
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) {
    }

    @Override
    Object read(BodyInput in) {
      return null;
    }
  }

  private static final class StringCodec extends ValueCodec {
    StringCodec(DataType type) {
      super(type);
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      writeString(out, number, (String) value, repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      return in.readString();
    }
  }

  static final class IntCodec extends ValueCodec {
    IntCodec(DataType type) {
      super(type);
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      out.writeInt32(number, (Integer) value, repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      return in.in.readInt32();
    }
  }

  static final class LongCodec extends ValueCodec {
    LongCodec(DataType type) {
      super(type);
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      out.writeInt64(number, (Long) value, repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      return in.in.readInt64();
    }
  }

  static final class BooleanCodec extends ValueCodec {
    BooleanCodec(DataType type) {
      super(type);
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      out.writeBool(number, (Boolean) value, repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      return in.in.readBool();
    }
  }

  static final class DoubleCodec extends ValueCodec {
    DoubleCodec(DataType type) {
      super(type);
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      out.writeDouble(number, (Double) value, repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      return in.in.readDouble();
    }
  }

  static final class FloatCodec extends ValueCodec {
    FloatCodec(DataType type) {
      super(type);
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      out.writeFloat(number, (Float) value, repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      return in.in.readFloat();
    }
  }

  /** A short or byte, sent as an int32 and checked to fit on the way in. */
  private static final class NarrowCodec extends ValueCodec {
    private final int min;
    private final int max;
    private final String expected;

    NarrowCodec(DataType type, int min, int max, String expected) {
      super(type);
      this.min = min;
      this.max = max;
      this.expected = expected;
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      out.writeInt32(number, ((Number) value).intValue(), repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      int value = inRange(in.in.readInt32(), min, max, expected);
      return min == Byte.MIN_VALUE ? (Object) (byte) value : (Object) (short) value;
    }
  }

  private static final class CharCodec extends ValueCodec {
    CharCodec(DataType type) {
      super(type);
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      out.writeUInt32(number, (Character) value, repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      return (char) inRange(in.in.readUInt32(), Character.MIN_VALUE, Character.MAX_VALUE, "a char");
    }
  }

  private static final class BytesCodec extends ValueCodec {
    BytesCodec(DataType type) {
      super(type);
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      out.writeByteArray(number, (byte[]) value, repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      return in.readByteArray();
    }
  }

  /** A value in its ISO / canonical text form: see {@link TextForm}. */
  private static final class TextCodec extends ValueCodec {
    private final TextForm form;

    TextCodec(DataType type, TextForm form) {
      super(type);
      this.form = form;
    }

    @Override
    void write(Output out, int number, Object value, boolean repeated) throws IOException {
      writeString(out, number, form.format(value), repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      return form.parse(in.readString());
    }
  }
}
