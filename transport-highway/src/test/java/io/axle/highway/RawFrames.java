package io.axle.highway;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Highway frames written and read byte by byte from the protocol description, independent of the
 * production encoder and decoder, so tests check the wire format rather than the code against
 * itself.
 *
 * <pre>
 * offset size field
 *  0     2    magic 0xA71E
 *  2     1    version (1)
 *  3     1    frame type (1 REQUEST, 2 RESPONSE, 3 GOAWAY)
 *  4     8    request id
 * 12     4    header length
 * 16     4    body length          (all big-endian)
 * 20     ...  header (protobuf), then body (protobuf)
 * </pre>
 *
 * Header fields: 1 schemaId, 2 operation, 3 timeout micros, 4 status, 5 message, 6/7 context key/value.
 */
final class RawFrames {
  static final int MAGIC = 0xA71E;
  static final int VERSION = 2;
  static final int FIXED_SIZE = 20;
  static final int REQUEST = 1;
  static final int RESPONSE = 2;
  static final int GOAWAY = 3;

  static final int WIRE_VARINT = 0;
  static final int WIRE_FIXED64 = 1;
  static final int WIRE_LENGTH_DELIMITED = 2;
  static final int WIRE_FIXED32 = 5;

  private RawFrames() {
  }

  /** The 20-byte fixed header with whatever values, valid or not. */
  static byte[] fixedHeader(int magic, int version, int type, long requestId, int headerLength, int bodyLength) {
    ByteBuffer buf = ByteBuffer.allocate(FIXED_SIZE).order(ByteOrder.BIG_ENDIAN);
    buf.put((byte) (magic >>> 8));
    buf.put((byte) magic);
    buf.put((byte) version);
    buf.put((byte) type);
    buf.putLong(requestId);
    buf.putInt(headerLength);
    buf.putInt(bodyLength);
    return buf.array();
  }

  /** A whole frame whose lengths match its header and body. */
  static byte[] frame(int magic, int version, int type, long requestId, byte[] header, byte[] body) {
    return concat(fixedHeader(magic, version, type, requestId, header.length, body.length), header, body);
  }

  static byte[] frame(int type, long requestId, byte[] header, byte[] body) {
    return frame(MAGIC, VERSION, type, requestId, header, body);
  }

  static byte[] request(long requestId, String schemaId, String operation, byte[] body) {
    return frame(REQUEST, requestId, requestHeader(schemaId, operation), body);
  }

  /** A request for EchoService.echo(message). */
  static byte[] echoRequest(long requestId, String message) {
    return request(requestId, "EchoService", "echo", stringField(1, message));
  }

  static byte[] requestHeader(String schemaId, String operation) {
    return concat(stringField(1, schemaId), stringField(2, operation));
  }

  /** Protobuf field {@code field}, wire type 2, holding the UTF-8 bytes of {@code value}. */
  static byte[] stringField(int field, String value) {
    return bytesField(field, value.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] bytesField(int field, byte[] value) {
    return concat(tag(field, WIRE_LENGTH_DELIMITED), varint(value.length), value);
  }

  static byte[] varintField(int field, long value) {
    return concat(tag(field, WIRE_VARINT), varint(value));
  }

  static byte[] tag(int field, int wireType) {
    return varint(((long) field << 3) | wireType);
  }

  static byte[] varint(long value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(10);
    while ((value & ~0x7FL) != 0) {
      out.write((int) ((value & 0x7F) | 0x80));
      value >>>= 7;
    }
    out.write((int) value);
    return out.toByteArray();
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }

  static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  /** One frame as received, with the response header fields parsed. */
  record Received(int magic, int version, int type, long requestId, byte[] header, byte[] body) {
    /** Header field 4, 0 when absent. */
    long status() {
      Long value = Protobuf.parse(header).varint(4);
      return value == null ? 0 : value;
    }

    /** Header field 5, null when absent. */
    String message() {
      return Protobuf.parse(header).string(5);
    }

    /** Body field 1 as a string (the result of an operation returning String), null when absent. */
    String stringResult() {
      return Protobuf.parse(body).string(1);
    }

    /** Body field 1 as an int32 varint, null when absent. */
    Long varintResult() {
      return Protobuf.parse(body).varint(1);
    }

    @Override
    public String toString() {
      return "frame(type " + type + ", id " + requestId + ", status " + status() + ", message " + message()
          + ", " + body.length + " body bytes)";
    }
  }

  /** Reads one whole frame; EOF in the middle throws {@link java.io.EOFException}. */
  static Received read(InputStream in) throws IOException {
    DataInputStream data = new DataInputStream(in);
    byte[] fixed = new byte[FIXED_SIZE];
    data.readFully(fixed);
    ByteBuffer buf = ByteBuffer.wrap(fixed).order(ByteOrder.BIG_ENDIAN);
    int magic = buf.getShort() & 0xFFFF;
    int version = buf.get() & 0xFF;
    int type = buf.get() & 0xFF;
    long requestId = buf.getLong();
    long headerLength = buf.getInt() & 0xFFFFFFFFL;
    long bodyLength = buf.getInt() & 0xFFFFFFFFL;
    if (headerLength + bodyLength > 64L * 1024 * 1024) {
      throw new IOException("the server sent a frame of " + headerLength + " + " + bodyLength + " bytes");
    }
    byte[] header = new byte[(int) headerLength];
    data.readFully(header);
    byte[] body = new byte[(int) bodyLength];
    data.readFully(body);
    return new Received(magic, version, type, requestId, header, body);
  }

  /** A minimal protobuf reader: the last value of each field, as the wire carries it. */
  static final class Protobuf {
    private final java.util.Map<Integer, Object> fields = new java.util.HashMap<>();

    static Protobuf parse(byte[] bytes) {
      Protobuf message = new Protobuf();
      ByteBuffer in = ByteBuffer.wrap(bytes);
      while (in.hasRemaining()) {
        long tag = readVarint(in);
        int field = (int) (tag >>> 3);
        int wireType = (int) (tag & 7);
        switch (wireType) {
          case WIRE_VARINT -> message.fields.put(field, readVarint(in));
          case WIRE_FIXED64 -> message.fields.put(field, in.getLong());
          case WIRE_FIXED32 -> message.fields.put(field, in.getInt());
          case WIRE_LENGTH_DELIMITED -> {
            byte[] value = new byte[(int) readVarint(in)];
            in.get(value);
            message.fields.put(field, value);
          }
          default -> throw new IllegalArgumentException("wire type " + wireType + " in " + java.util.Arrays.toString(bytes));
        }
      }
      return message;
    }

    Long varint(int field) {
      return (Long) fields.get(field);
    }

    String string(int field) {
      byte[] value = (byte[]) fields.get(field);
      return value == null ? null : new String(value, StandardCharsets.UTF_8);
    }

    private static long readVarint(ByteBuffer in) {
      long result = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        byte b = in.get();
        result |= (long) (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          return result;
        }
      }
      throw new IllegalArgumentException("varint longer than 10 bytes");
    }
  }
}
