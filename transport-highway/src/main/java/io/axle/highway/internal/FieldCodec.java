package io.axle.highway.internal;

import io.protostuff.Input;
import io.protostuff.Output;
import io.protostuff.Schema;
import io.protostuff.runtime.RuntimeSchema;
import java.io.IOException;
import java.lang.reflect.ParameterizedType;
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
    if (type instanceof ParameterizedType p) {
      throw unsupported(where, type);
    }
    if (!(type instanceof Class<?> cls)) {
      throw unsupported(where, type);
    }
    if (cls == String.class) {
      return new Scalar(null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeString(number, (String) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return in.readString();
        }
      };
    }
    if (cls == int.class || cls == Integer.class) {
      return new Scalar(cls.isPrimitive() ? 0 : null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeInt32(number, (Integer) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return in.readInt32();
        }
      };
    }
    if (cls == long.class || cls == Long.class) {
      return new Scalar(cls.isPrimitive() ? 0L : null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeInt64(number, (Long) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return in.readInt64();
        }
      };
    }
    if (cls == boolean.class || cls == Boolean.class) {
      return new Scalar(cls.isPrimitive() ? false : null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeBool(number, (Boolean) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return in.readBool();
        }
      };
    }
    if (cls == double.class || cls == Double.class) {
      return new Scalar(cls.isPrimitive() ? 0d : null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeDouble(number, (Double) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return in.readDouble();
        }
      };
    }
    if (cls == float.class || cls == Float.class) {
      return new Scalar(cls.isPrimitive() ? 0f : null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeFloat(number, (Float) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return in.readFloat();
        }
      };
    }
    if (cls == short.class || cls == Short.class) {
      return new Scalar(cls.isPrimitive() ? (short) 0 : null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeInt32(number, (Short) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return (short) in.readInt32();
        }
      };
    }
    if (cls == byte.class || cls == Byte.class) {
      return new Scalar(cls.isPrimitive() ? (byte) 0 : null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeInt32(number, (Byte) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return (byte) in.readInt32();
        }
      };
    }
    if (cls == char.class || cls == Character.class) {
      return new Scalar(cls.isPrimitive() ? '\0' : null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeUInt32(number, (Character) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return (char) in.readUInt32();
        }
      };
    }
    if (cls == byte[].class) {
      return new Scalar(null) {
        @Override
        void write(Output out, int number, Object value) throws IOException {
          out.writeByteArray(number, (byte[]) value, false);
        }

        @Override
        Object read(Input in) throws IOException {
          return in.readByteArray();
        }
      };
    }
    if (cls.isEnum()) {
      return new EnumCodec(cls, where);
    }
    if (cls == void.class || cls == Void.class) {
      return new Scalar(null) {
        @Override
        void write(Output out, int number, Object value) {
        }

        @Override
        Object read(Input in) throws IOException {
          return null;
        }
      };
    }
    if (cls.isArray() || cls.isInterface() || Collection.class.isAssignableFrom(cls) || Map.class.isAssignableFrom(cls)
        || cls == Object.class || java.lang.reflect.Modifier.isAbstract(cls.getModifiers())) {
      throw unsupported(where, type);
    }
    return new MessageCodec(RuntimeSchema.getSchema(cls));
  }

  private static IllegalArgumentException unsupported(String where, Type type) {
    return new IllegalArgumentException(where + ": " + type.getTypeName()
        + " (expected for highway: a scalar, String, byte[], an enum or a concrete class; "
        + "wrap collections, maps and arrays in a class)");
  }

  private abstract static class Scalar extends FieldCodec {
    private final Object absent;

    Scalar(Object absent) {
      this.absent = absent;
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
