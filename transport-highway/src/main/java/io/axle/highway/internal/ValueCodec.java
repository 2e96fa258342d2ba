package io.axle.highway.internal;

import io.axle.types.DataType;
import io.protostuff.Output;
import java.io.IOException;

/**
 * How a value of one {@link DataType} is written as one protobuf field and read back; the wire
 * form of each kind is in docs/protocol.md. Built once per type by {@link ValueCodecs}; thread-safe.
 */
abstract class ValueCodec {
  private final DataType type;

  ValueCodec(DataType type) {
    this.type = type;
  }

  DataType type() {
    return type;
  }

  /** Writes a non-null value as field {@code number}. */
  abstract void write(Output out, int number, Object value, boolean repeated) throws IOException;

  /** Reads the field the input is positioned at. */
  abstract Object read(BodyInput in) throws IOException;

  /** What the field reads as when it is absent: see {@link DataType#absent()}. */
  final Object absent() {
    return type.absent();
  }
}
