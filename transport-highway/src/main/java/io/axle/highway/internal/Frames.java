package io.axle.highway.internal;

/**
 * The fixed part of every highway frame (docs/protocol.md):
 *
 * <pre>
 * offset size field
 *  0     2    magic 0xA71E
 *  2     1    version (1)
 *  3     1    frame type
 *  4     8    request id (big-endian)
 * 12     4    header length
 * 16     4    body length
 * 20     ...  header (protobuf message), then body (protobuf message)
 * </pre>
 */
public final class Frames {
  public static final int MAGIC = 0xA71E;
  public static final int VERSION = 2;
  public static final int FIXED_SIZE = 20;
  public static final int REQUEST_ID_OFFSET = 4;

  public static final byte TYPE_REQUEST = 1;
  public static final byte TYPE_RESPONSE = 2;
  /** Sent by a server that is stopping: send no new requests on this connection. */
  public static final byte TYPE_GOAWAY = 3;

  /** The largest frame a peer may be configured to accept: 64 MiB. */
  public static final int MAX_FRAME_SIZE_LIMIT = 64 * 1024 * 1024;

  private Frames() {
  }

  public static String typeName(int type) {
    return switch (type) {
      case TYPE_REQUEST -> "REQUEST";
      case TYPE_RESPONSE -> "RESPONSE";
      case TYPE_GOAWAY -> "GOAWAY";
      default -> "unknown(" + type + ")";
    };
  }
}
