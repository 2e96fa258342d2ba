package io.axle.highway.internal;

import io.protostuff.Input;
import io.protostuff.Output;
import io.protostuff.Schema;
import io.protostuff.runtime.RuntimeSchema;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.Collection;
import java.util.Map;

/**
 * How one value (an argument or a result) is written as one protobuf field. Scalars map to
 * their protobuf types, enums travel by name (so reordering constants is safe), and other
 * classes are nested messages through protostuff's runtime schema.
 */
abstract class FieldCodec {
  abstract void write(Output out, int number, Object value) throws IOException;

  abstract Object read(Input in) throws IOException;

  /** The value of an absent field: 0/false for primitives, null otherwise. */
  Object absent() {
    return null;
  }

  /**
   * The codec for a declared type.
   *
   * @throws IllegalArgumentException naming the type, for what highway cannot carry as a top-level field
   */
  static FieldCodec forType(Type type, String where) {
    if (!(type instanceof Class<?> cls)) {
      throw unsupported(where, type);
    }
    FieldCodec scalar = scalar(cls);
    if (scalar != null) {
      return scalar;
    }
    if (cls.isEnum()) {
      return new EnumCodec(cls, where);
    }
    if (cls.isArray() || cls.isInterface() || Collection.class.isAssignableFrom(cls) || Map.class.isAssignableFrom(cls)
        || cls == Object.class || java.lang.reflect.Modifier.isAbstract(cls.getModifiers())) {
      throw unsupported(where, type);
    }
    return new MessageCodec(RuntimeSchema.getSchema(cls));
  }

  /** The codec of a scalar type, or null when the type is not one. */
  private static FieldCodec scalar(Class<?> cls) {
    boolean primitive = cls.isPrimitive();
    if (cls == String.class) {
      return new Scalar(null, (out, n, v) -> out.writeString(n, (String) v, false), Input::readString);
    }
    if (cls == int.class || cls == Integer.class) {
      return new Scalar(primitive ? 0 : null, (out, n, v) -> out.writeInt32(n, (Integer) v, false), Input::readInt32);
    }
    if (cls == long.class || cls == Long.class) {
      return new Scalar(primitive ? 0L : null, (out, n, v) -> out.writeInt64(n, (Long) v, false), Input::readInt64);
    }
    if (cls == boolean.class || cls == Boolean.class) {
      return new Scalar(primitive ? false : null, (out, n, v) -> out.writeBool(n, (Boolean) v, false), Input::readBool);
    }
    if (cls == double.class || cls == Double.class) {
      return new Scalar(primitive ? 0d : null, (out, n, v) -> out.writeDouble(n, (Double) v, false), Input::readDouble);
    }
    if (cls == float.class || cls == Float.class) {
      return new Scalar(primitive ? 0f : null, (out, n, v) -> out.writeFloat(n, (Float) v, false), Input::readFloat);
    }
    if (cls == short.class || cls == Short.class) {
      return new Scalar(primitive ? (short) 0 : null, (out, n, v) -> out.writeInt32(n, (Short) v, false),
          in -> (short) in.readInt32());
    }
    if (cls == byte.class || cls == Byte.class) {
      return new Scalar(primitive ? (byte) 0 : null, (out, n, v) -> out.writeInt32(n, (Byte) v, false),
          in -> (byte) in.readInt32());
    }
    if (cls == char.class || cls == Character.class) {
      return new Scalar(primitive ? '\0' : null, (out, n, v) -> out.writeUInt32(n, (Character) v, false),
          in -> (char) in.readUInt32());
    }
    if (cls == byte[].class) {
      return new Scalar(null, (out, n, v) -> out.writeByteArray(n, (byte[]) v, false), Input::readByteArray);
    }
    if (cls == void.class || cls == Void.class) {
      return new Scalar(null, (out, n, v) -> { }, in -> null);
    }
    return null;
  }

  private static IllegalArgumentException unsupported(String where, Type type) {
    return new IllegalArgumentException(where + ": " + type.getTypeName()
        + " (expected for highway: a scalar, String, byte[], an enum or a concrete class; "
        + "wrap collections, maps and arrays in a class)");
  }

  @FunctionalInterface
  private interface Writer {
    void write(Output out, int number, Object value) throws IOException;
  }

  @FunctionalInterface
  private interface Reader {
    Object read(Input in) throws IOException;
  }

  private static final class Scalar extends FieldCodec {
    private final Object absent;
    private final Writer writer;
    private final Reader reader;

    Scalar(Object absent, Writer writer, Reader reader) {
      this.absent = absent;
      this.writer = writer;
      this.reader = reader;
    }

    @Override
    void write(Output out, int number, Object value) throws IOException {
      writer.write(out, number, value);
    }

    @Override
    Object read(Input in) throws IOException {
      return reader.read(in);
    }

    @Override
    Object absent() {
      return absent;
    }
  }

  private static final class EnumCodec extends FieldCodec {
    private final Class<?> type;
    private final String where;

    EnumCodec(Class<?> type, String where) {
      this.type = type;
      this.where = where;
    }

    @Override
    void write(Output out, int number, Object value) throws IOException {
      out.writeString(number, ((Enum<?>) value).name(), false);
    }

    @Override
    Object read(Input in) throws IOException {
      String name = in.readString();
      for (Object constant : type.getEnumConstants()) {
        if (((Enum<?>) constant).name().equals(name)) {
          return constant;
        }
      }
      throw new IllegalArgumentException(where + ": " + name + " (expected: one of "
          + java.util.Arrays.toString(type.getEnumConstants()) + ")");
    }
  }

  private static final class MessageCodec extends FieldCodec {
    private final Schema<Object> schema;

    @SuppressWarnings("unchecked")
    MessageCodec(Schema<?> schema) {
      this.schema = (Schema<Object>) schema;
    }

    @Override
    void write(Output out, int number, Object value) throws IOException {
      out.writeObject(number, value, schema, false);
    }

    @Override
    Object read(Input in) throws IOException {
      return in.mergeObject(null, schema);
    }
  }
}
