package io.axle.perf.baseline;

import io.vertx.core.Handler;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.parsetools.RecordParser;

/**
 * Cuts a byte stream into length-prefixed frames: 4 bytes big-endian length, then that many bytes of payload,
 * handing each payload on, whether a frame arrives in pieces or several arrive at once. Vert.x's
 * {@link RecordParser} does the buffering; this only alternates between reading a length and reading a payload.
 */
final class Frames implements Handler<Buffer> {
  /** Larger than any request the demo sends; a bigger length means the peer does not speak this protocol. */
  static final int MAX_PAYLOAD = 64 * 1024 * 1024;

  private static final int LENGTH = 4;

  private final RecordParser parser;
  private final Handler<Buffer> payloads;
  private final Handler<String> badFrame;
  private boolean readingLength = true;

  /** @param badFrame called with the reason when a length is negative or too large; the caller closes */
  Frames(Handler<Buffer> payloads, Handler<String> badFrame) {
    this.payloads = payloads;
    this.badFrame = badFrame;
    this.parser = RecordParser.newFixed(LENGTH, this::record);
  }

  @Override
  public void handle(Buffer bytes) {
    parser.handle(bytes);
  }

  /** One frame of {@code payload}, ready to write. */
  static Buffer frame(Buffer payload) {
    return Buffer.buffer(LENGTH + payload.length()).appendInt(payload.length()).appendBuffer(payload);
  }

  /** One frame of {@code payload}, ready to write. */
  static Buffer frame(byte[] payload) {
    return Buffer.buffer(LENGTH + payload.length).appendInt(payload.length).appendBytes(payload);
  }

  private void record(Buffer record) {
    if (!readingLength) {
      readingLength = true;
      parser.fixedSizeMode(LENGTH);
      payloads.handle(record);
      return;
    }
    int length = record.getInt(0);
    if (length < 0 || length > MAX_PAYLOAD) {
      parser.pause(); // no more records from this stream
      badFrame.handle("frame length " + length + " (expected: 0.." + MAX_PAYLOAD + ")");
    } else if (length == 0) {
      payloads.handle(Buffer.buffer()); // a fixed size of 0 is no record size: an empty frame is whole now
    } else {
      readingLength = false;
      parser.fixedSizeMode(length);
    }
  }
}
