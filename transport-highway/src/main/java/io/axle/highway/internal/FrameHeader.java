package io.axle.highway.internal;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The small header of a frame: a protobuf message written and read by hand (no schema, no
 * reflection) because every frame carries one. Fields (docs/protocol.md):
 * 1 schema id, 2 operation, 3 timeout in microseconds, 4 status, 5 message, 6/7 a context key
 * and its value (repeated, paired in order), 8 not run (a refusal before the method ran). Unknown fields are skipped, so later versions can
 * add fields.
 */
public final class FrameHeader {
  static final int SCHEMA_ID = 1;
  static final int OPERATION = 2;
  static final int TIMEOUT_MICROS = 3;
  static final int STATUS = 4;
  static final int MESSAGE = 5;
  static final int CONTEXT_KEY = 6;
  static final int CONTEXT_VALUE = 7;
  static final int NOT_RUN = 8;

  private static final int WIRE_VARINT = 0;
  private static final int WIRE_FIXED64 = 1;
  private static final int WIRE_LENGTH_DELIMITED = 2;
  private static final int WIRE_FIXED32 = 5;

  /**
   * Where the schema id and the operation name lie in the parsed buffer (absolute indexes, -1
   * when absent): a provider matches them against its operations' bytes without decoding them
   * into strings ({@link ServedOperations}).
   */
  int schemaIdIndex = -1;
  int schemaIdLength;
  int operationIndex = -1;
  int operationLength;
  private ByteBuf source;
  public long timeoutMicros;
  public int status;
  public String message;
  /** RESPONSE: the provider refused the call before its method ran (field 8). */
  public boolean notRun;
  public Map<String, String> context;
  /** Context entries the header carried, kept or not (past the maximum they are counted, not kept). */
  public int contextEntries;

  /** Parses a header; a malformed one is a protocol error that closes the connection. */
  public static FrameHeader parse(ByteBuf in) {
    return parse(in, Integer.MAX_VALUE);
  }

  /**
   * Parses a header, keeping at most {@code maxContextEntries} context entries: the others are
   * counted in {@link #contextEntries} and skipped, so a request with too many is answered, not
   * held in memory.
   */
  public static FrameHeader parse(ByteBuf in, int maxContextEntries) {
    FrameHeader header = new FrameHeader();
    header.source = in;
    String pendingKey = null;
    while (in.isReadable()) {
      long tag = readVarint(in);
      int field = (int) (tag >>> 3);
      int wireType = (int) (tag & 7);
      switch (field) {
        case SCHEMA_ID -> {
          header.schemaIdLength = skipString(in, wireType, field);
          header.schemaIdIndex = in.readerIndex() - header.schemaIdLength;
        }
        case OPERATION -> {
          header.operationLength = skipString(in, wireType, field);
          header.operationIndex = in.readerIndex() - header.operationLength;
        }
        case TIMEOUT_MICROS -> header.timeoutMicros = readTimeout(in, wireType, field);
        case STATUS -> header.status = (int) readVarintField(in, wireType, field);
        case MESSAGE -> header.message = readString(in, wireType, field);
        case NOT_RUN -> header.notRun = readVarintField(in, wireType, field) != 0;
        case CONTEXT_KEY -> pendingKey = readString(in, wireType, field);
        case CONTEXT_VALUE -> {
          String value = readString(in, wireType, field);
          if (pendingKey == null) {
            throw new HighwayProtocolException("malformed header: context value without a key before it");
          }
          if (++header.contextEntries <= maxContextEntries) {
            if (header.context == null) {
              header.context = new HashMap<>(4);
            }
            header.context.put(pendingKey, value);
          }
          pendingKey = null;
        }
        default -> skip(in, wireType, field);
      }
    }
    return header;
  }

  /** The schema id (field 1), or null; decoded from the buffer, so only while the frame is held. */
  public String schemaId() {
    return schemaIdIndex < 0 ? null : source.toString(schemaIdIndex, schemaIdLength, StandardCharsets.UTF_8);
  }

  /** The operation name (field 2), or null; decoded from the buffer, so only while the frame is held. */
  public String operation() {
    return operationIndex < 0 ? null : source.toString(operationIndex, operationLength, StandardCharsets.UTF_8);
  }

  ByteBuf source() {
    return source;
  }

  /**
   * The fields every request of one operation starts with (schema id, operation name), encoded
   * once per operation so that a request copies bytes instead of encoding two strings.
   */
  public static byte[] requestPrefix(String schemaId, String operation) {
    ByteBuf out = Unpooled.buffer();
    writeString(out, SCHEMA_ID, schemaId);
    writeString(out, OPERATION, operation);
    return ByteBufUtil.getBytes(out);
  }

  /**
   * Writes a request header after {@code prefix}, which is {@link #requestPrefix}'s bytes. A call
   * with a deadline gets its timeout field right after the prefix, as a fixed64 holding 0 until
   * {@link #stampTimeout} writes the time left when the request goes out.
   */
  public static void writeRequest(ByteBuf out, byte[] prefix, boolean deadline, Map<String, String> context) {
    out.writeBytes(prefix);
    if (deadline) {
      out.writeByte((TIMEOUT_MICROS << 3) | WIRE_FIXED64);
      out.writeLongLE(0);
    }
    if (context != null) {
      for (Map.Entry<String, String> e : context.entrySet()) {
        writeString(out, CONTEXT_KEY, e.getKey());
        writeString(out, CONTEXT_VALUE, e.getValue() == null ? "" : e.getValue());
      }
    }
  }

  /**
   * Writes the time left into the timeout field of an encoded request (the frame at the buffer's
   * reader index) whose header starts with a prefix of {@code prefixLength} bytes.
   */
  static void stampTimeout(ByteBuf request, int prefixLength, long micros) {
    // + TIMEOUT_TAG_SIZE: past the field's tag, one byte since field 3's tag is below 128.
    request.setLongLE(request.readerIndex() + Frames.FIXED_SIZE + prefixLength + TIMEOUT_TAG_SIZE, micros);
  }

  /** The bytes of the timeout field's tag: one, as long as its field number is under 16. */
  private static final int TIMEOUT_TAG_SIZE = 1;

  /** Writes a response header: status 0 with no message for success. */
  public static void writeResponse(ByteBuf out, int status, String message) {
    writeResponse(out, status, message, false);
  }

  /** Writes a response header; {@code notRun} marks a refusal before the method ran (field 8). */
  public static void writeResponse(ByteBuf out, int status, String message, boolean notRun) {
    if (status != 0) {
      writeVarint(out, (STATUS << 3) | WIRE_VARINT);
      writeVarint(out, status);
    }
    if (message != null) {
      writeString(out, MESSAGE, shortened(message));
    }
    if (notRun) {
      writeVarint(out, (NOT_RUN << 3) | WIRE_VARINT);
      writeVarint(out, 1);
    }
  }

  /**
   * A message of at most {@link #MAX_MESSAGE_CHARS} characters: an answer's header must stay under
   * every receiver's axle.highway.max-header-size (at least 4096 bytes), or the receiver would close
   * the connection and every call on it, for one long exception message.
   */
  static String shortened(String message) {
    if (message.length() <= MAX_MESSAGE_CHARS) {
      return message;
    }
    int cut = MAX_MESSAGE_CHARS;
    if (Character.isHighSurrogate(message.charAt(cut - 1))) {
      cut--;
    }
    return message.substring(0, cut) + "... (" + (message.length() - cut) + " more characters)";
  }

  /** At most three UTF-8 bytes each, plus the suffix: well under the 4096-byte minimum header size. */
  static final int MAX_MESSAGE_CHARS = 1000;

  private static void writeString(ByteBuf out, int field, String value) {
    writeVarint(out, ((long) field << 3) | WIRE_LENGTH_DELIMITED);
    writeVarint(out, ByteBufUtil.utf8Bytes(value));
    ByteBufUtil.writeUtf8(out, value);
  }

  static void writeVarint(ByteBuf out, long value) {
    while ((value & ~0x7FL) != 0) {
      out.writeByte((int) ((value & 0x7F) | 0x80));
      value >>>= 7;
    }
    out.writeByte((int) value);
  }

  static long readVarint(ByteBuf in) {
    long result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (!in.isReadable()) {
        throw new HighwayProtocolException("malformed header: truncated varint");
      }
      byte b = in.readByte();
      result |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return result;
      }
    }
    throw new HighwayProtocolException("malformed header: varint longer than 10 bytes");
  }

  /** Past this a timeout means no deadline at all (as REST's header), and adding it to a clock cannot overflow. */
  static final long MAX_TIMEOUT_MICROS = TimeUnit.DAYS.toMicros(365);

  /**
   * The timeout: a fixed64, as Axle writes it so that the time left can be stamped when the request
   * is written, or a varint, as a peer may write any uint64. Either way a value past a year (or past
   * 2^63) means no deadline.
   */
  private static long readTimeout(ByteBuf in, int wireType, int field) {
    long micros;
    if (wireType == WIRE_FIXED64) {
      if (in.readableBytes() < 8) {
        throw new HighwayProtocolException("malformed header: field " + field + " runs past the header's end");
      }
      micros = in.readLongLE();
    } else {
      micros = readVarintField(in, wireType, field);
    }
    return micros < 0 || micros > MAX_TIMEOUT_MICROS ? 0 : micros;
  }

  private static long readVarintField(ByteBuf in, int wireType, int field) {
    expectWireType(wireType, WIRE_VARINT, field);
    return readVarint(in);
  }

  private static String readString(ByteBuf in, int wireType, int field) {
    int length = skipString(in, wireType, field);
    return in.toString(in.readerIndex() - length, length, StandardCharsets.UTF_8);
  }

  /** Skips a length-delimited field and returns its length. */
  private static int skipString(ByteBuf in, int wireType, int field) {
    expectWireType(wireType, WIRE_LENGTH_DELIMITED, field);
    long length = readVarint(in);
    if (length < 0 || length > in.readableBytes()) {
      throw new HighwayProtocolException("malformed header: field " + field + " declares " + length
          + " bytes but only " + in.readableBytes() + " remain");
    }
    in.skipBytes((int) length);
    return (int) length;
  }

  private static void skip(ByteBuf in, int wireType, int field) {
    long bytes = switch (wireType) {
      case WIRE_VARINT -> {
        readVarint(in);
        yield 0;
      }
      case WIRE_FIXED64 -> 8;
      case WIRE_FIXED32 -> 4;
      case WIRE_LENGTH_DELIMITED -> readVarint(in);
      default -> throw new HighwayProtocolException("malformed header: field " + field + " has wire type " + wireType
          + " (expected: 0, 1, 2 or 5)");
    };
    if (bytes < 0 || bytes > in.readableBytes()) {
      throw new HighwayProtocolException("malformed header: field " + field + " runs past the header's end");
    }
    in.skipBytes((int) bytes);
  }

  private static void expectWireType(int actual, int expected, int field) {
    if (actual != expected) {
      throw new HighwayProtocolException("malformed header: field " + field + " has wire type " + actual
          + " (expected: " + expected + ")");
    }
  }
}
