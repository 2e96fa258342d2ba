package io.axle.highway.internal;

import io.protostuff.ByteArrayInput;
import io.protostuff.ProtobufException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads one body: protostuff's {@link ByteArrayInput} for field tags and scalars, and Axle's own reading of
 * what protostuff 1.8.0 gets wrong or slow.
 *
 * <ul>
 *   <li>Lengths. {@link ByteArrayInput} checks {@code offset + size > limit} in int arithmetic: a size near
 *       {@code Integer.MAX_VALUE} overflows the sum, passes, and that many bytes are allocated, so a 26-byte
 *       request body made a provider ask for a 2 GiB array ({@code HighwayFuzzTest#arguments} found it; its
 *       input is kept among the test's inputs). Strings, byte arrays and nested messages are checked here
 *       against what remains of their message, in long arithmetic, before anything is allocated.</li>
 *   <li>Strings are made straight from the body's bytes by the JDK's UTF-8 decoder; protostuff looks the
 *       charset up by name for each one.</li>
 *   <li>Nested messages are read by Axle's {@link NestedSchema#readFrom}, not through protostuff's
 *       {@code Schema} interface: the codecs are called on this final class, which the JIT can inline,
 *       and need no thread-local to find the array they read.</li>
 * </ul>
 *
 * <p>One instance per body, used by the one thread decoding it.
 */
final class BodyInput {
  private static final int MAX_VARINT_BYTES = 5;

  /** For the scalar reads, which protostuff does as protobuf specifies. */
  final ByteArrayInput in;
  private final byte[] source;
  /** Where the value whose length {@link #checkedLength} last read starts. */
  private int valueStart;

  private BodyInput(byte[] source, int offset, int length) {
    this.source = source;
    this.in = new ByteArrayInput(source, offset, length, false);
  }

  /** Reads a whole body of {@code length} bytes at {@code offset} into {@code message}. */
  static void mergeFrom(byte[] data, int offset, int length, NestedSchema schema, Object message)
      throws IOException {
    BodyInput body = new BodyInput(data, offset, length);
    schema.readFrom(body, message);
    body.in.checkLastTagWas(0);
  }

  /** The number of the next field of the current message, or 0 at its end. */
  int readFieldNumber(NestedSchema schema) throws IOException {
    return in.readFieldNumber(schema);
  }

  /** Skips a field the schema does not know (a newer peer's). */
  void skipField(int number, NestedSchema schema) throws IOException {
    in.handleUnknownField(number, schema);
  }

  String readString() throws IOException {
    int size = checkedLength();
    if (size < 0) {
      // Truncated or malformed: protostuff reports it in its own words.
      return in.readString();
    }
    String value = new String(source, valueStart, size, StandardCharsets.UTF_8);
    in.setBounds(valueStart + size, in.currentLimit());
    return value;
  }

  byte[] readByteArray() throws IOException {
    checkedLength();
    return in.readByteArray();
  }

  /**
   * Reads a length-delimited nested message into {@code message} (made by {@code schema} when null) and
   * returns it, as protostuff's {@code mergeObject} does, with its length checked against what remains.
   */
  Object readMessage(NestedSchema schema, Object message) throws IOException {
    int length = in.readRawVarint32();
    int start = in.currentOffset();
    int outerLimit = in.currentLimit();
    if (length < 0) {
      throw new ProtobufException("a nested message declares a negative size " + length
          + " (expected: 0 or more bytes)");
    }
    if (length > outerLimit - start) {
      throw new ProtobufException("a nested message declares " + length + " bytes but only "
          + Math.max(0, outerLimit - start) + " remain in its message");
    }
    Object target = message == null ? schema.newMessage() : message;
    in.setBounds(start, start + length);
    schema.readFrom(this, target);
    in.checkLastTagWas(0);
    in.setBounds(in.currentOffset(), outerLimit);
    return target;
  }

  /**
   * The length of the length-delimited field at the input's position, read without consuming it and checked
   * to fit what remains of its message (a length that itself runs past the message is refused); -1 when it is
   * malformed or negative, which protostuff's own read then reports.
   */
  private int checkedLength() throws ProtobufException {
    int position = in.currentOffset();
    int end = Math.min(in.currentLimit(), source.length);
    // As protostuff's readRawVarint32: the low 32 bits of the first five bytes; up to five more are
    // read and dropped (a negative int is sent in ten).
    int size = 0;
    for (int i = 0; ; i++) {
      if (i >= 2 * MAX_VARINT_BYTES) {
        return -1; // malformed: protostuff says so in its own words
      }
      if (position >= end) {
        // The length runs past its message: protostuff's own read would take the next message's bytes for it,
        // and with them a size near 2 GiB that its int check lets through.
        throw new ProtobufException("a field's length runs past the end of its message");
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
      return -1;
    }
    if (size > (long) end - position) {
      throw new ProtobufException("a field declares " + size + " bytes but only " + Math.max(0, end - position)
          + " remain in its message");
    }
    valueStart = position;
    return size;
  }
}
