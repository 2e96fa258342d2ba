package io.axle.highway.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Cuts the byte stream into frames and checks the fixed header before buffering a byte of the
 * rest: a wrong magic or version, a header section or a frame over its maximum size fails at
 * once, so a bad peer can't make the server hold memory, nor its loop parse a huge header.
 */
public final class FrameDecoder extends ByteToMessageDecoder {
  private final int maxFrameSize;
  private final int maxHeaderSize;

  public FrameDecoder(FrameLimits limits) {
    this.maxFrameSize = limits.maxFrameSize();
    this.maxHeaderSize = limits.maxHeaderSize();
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    while (in.isReadable()) {
      int start = in.readerIndex();
      // Magic and version are checked as soon as their bytes arrive, so a peer speaking
      // something else is cut off even if it sends fewer bytes than a fixed header.
      if (in.readableBytes() >= 2 && in.getUnsignedShort(start) != Frames.MAGIC) {
        throw new HighwayProtocolException(String.format("wrong magic 0x%04X (expected: 0x%04X)",
            in.getUnsignedShort(start), Frames.MAGIC));
      }
      if (in.readableBytes() >= 3 && in.getUnsignedByte(start + 2) != Frames.VERSION) {
        throw new HighwayProtocolException("unsupported protocol version " + in.getUnsignedByte(start + 2)
            + " (expected: " + Frames.VERSION + ")");
      }
      if (in.readableBytes() < Frames.FIXED_SIZE) {
        return;
      }
      byte type = in.getByte(start + 3);
      long headerLength = in.getUnsignedInt(start + 12);
      long bodyLength = in.getUnsignedInt(start + 16);
      long frameSize = Frames.FIXED_SIZE + headerLength + bodyLength;
      if (headerLength > maxHeaderSize) {
        throw new HighwayProtocolException("header section of " + headerLength + " bytes is over the maximum of "
            + maxHeaderSize + " (expected: <= axle.highway.max-header-size on the receiving side)");
      }
      if (frameSize > maxFrameSize) {
        throw new HighwayProtocolException("frame of " + frameSize + " bytes (header " + headerLength + ", body "
            + bodyLength + ") is over the maximum of " + maxFrameSize
            + " (expected: <= axle.highway.max-frame-size on the receiving side)");
      }
      if (in.readableBytes() < frameSize) {
        return;
      }
      long requestId = in.getLong(start + Frames.REQUEST_ID_OFFSET);
      ByteBuf whole = in.readRetainedSlice((int) frameSize);
      ByteBuf header = whole.slice(Frames.FIXED_SIZE, (int) headerLength);
      ByteBuf body = whole.slice(Frames.FIXED_SIZE + (int) headerLength, (int) bodyLength);
      out.add(new Frame(type, requestId, header, body, whole));
    }
  }

  @Override
  protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) throws Exception {
    decode(ctx, in, out);
    if (in.isReadable()) {
      int pending = in.readableBytes();
      in.skipBytes(pending);
      throw new HighwayProtocolException("connection ended in the middle of a frame, " + pending
          + " bytes of it received (expected: whole frames)");
    }
  }
}
