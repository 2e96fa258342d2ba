package io.axle.highway.internal;

import io.protostuff.ByteArrayInput;
import io.protostuff.Input;
import io.protostuff.ProtobufException;
import java.io.IOException;

/**
 * Decodes a body with protostuff, refusing a string or byte array whose declared length runs past
 * its message before protostuff allocates it. protostuff 1.8.0's {@link ByteArrayInput} checks
 * {@code offset + size > limit} in int arithmetic: a size near {@code Integer.MAX_VALUE} overflows
 * the sum, passes, and that many bytes are allocated, so a 26-byte request body made a provider ask
 * for a 2 GiB array ({@code HighwayFuzzTest#arguments} found it; its input is kept among the test's
 * inputs). Every body is decoded through {@link #mergeFrom}, which remembers the array being read, so
 * that the readers of strings and bytes check the length ahead in long arithmetic first.
 */
final class BodyInput {
  /** The array the current thread is decoding; set only for the length of one {@link #mergeFrom}. */
  private static final ThreadLocal<byte[]> SOURCE = new ThreadLocal<>();
  private static final int MAX_VARINT_BYTES = 5;

  private BodyInput() {
  }

  /** As protostuff's {@code ProtobufIOUtil.mergeFrom(byte[], int, int, …)}, with the length checks. */
  static void mergeFrom(byte[] data, int offset, int length, NestedSchema schema, Object message)
      throws IOException {
    byte[] outer = SOURCE.get();
    SOURCE.set(data);
    try {
      ByteArrayInput input = new ByteArrayInput(data, offset, length, false);
      schema.mergeFrom(input, message);
      input.checkLastTagWas(0);
    } finally {
      SOURCE.set(outer);
    }
  }

  static String readString(Input in) throws IOException {
    checkLength(in);
    return in.readString();
  }

  static byte[] readByteArray(Input in) throws IOException {
    checkLength(in);
    return in.readByteArray();
  }

  /** Reads, without consuming it, the length of the field at the input's position and checks it fits. */
  private static void checkLength(Input in) throws ProtobufException {
    byte[] source = SOURCE.get();
    if (!(in instanceof ByteArrayInput input) || source == null) {
      return;
    }
    int position = input.currentOffset();
    int end = Math.min(input.currentLimit(), source.length);
    // As protostuff's readRawVarint32: the low 32 bits of the first five bytes; up to five more are
    // read and dropped (a negative int is sent in ten).
    int size = 0;
    for (int i = 0; ; i++) {
      if (position >= end || i >= 2 * MAX_VARINT_BYTES) {
        // Truncated or malformed: protostuff reports it in its own words.
        return;
      }
      byte b = source[position++];
      if (i < MAX_VARINT_BYTES) {
        size |= (b & 0x7F) << (7 * i);
      }
      if (b >= 0) {
        break;
      }
    }
    if (size < 0) {
      // protostuff refuses a negative size itself.
      return;
    }
    if (size > (long) end - position) {
      throw new ProtobufException("a field declares " + size + " bytes but only " + Math.max(0, end - position)
          + " remain in its message");
    }
  }
}
