package io.axle.highway.internal;

import io.axle.types.DataType;
import io.axle.types.DataTypes;
import io.axle.types.TextForm;
import io.protostuff.Output;
import java.io.IOException;
import java.lang.reflect.Type;
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
    ValueCodec scalar = ScalarCodecs.of(type);
    ValueCodec codec = scalar != null ? scalar : switch (type.kind()) {
      case ENUM -> new EnumCodec(type);
      case OPTIONAL -> new OptionalCodec(type);
      case COLLECTION, ARRAY -> new ElementsCodec(type);
      case MAP -> new MapCodec(type);
      case RECORD -> new MessageCodec(type);
      case POJO -> new PojoCodec(type);
      default -> throw new IllegalStateException("no codec for " + type.kind());
    };
    // Known before its inner codecs are made, so that a type containing itself finds it.
    building.put(type, codec);
    if (codec instanceof Composite composite) {
      composite.link();
    }
    return codec;
  }

  /** A codec whose inner codecs are looked up after it is registered. */
  interface Composite {
    void link();
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
      ScalarCodecs.writeString(out, number, ((Enum<?>) value).name(), repeated);
    }

    @Override
    Object read(BodyInput in) throws IOException {
      String name = in.readString();
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
    Object read(BodyInput in) throws IOException {
      return Optional.ofNullable(value.read(in));
    }
  }
}
