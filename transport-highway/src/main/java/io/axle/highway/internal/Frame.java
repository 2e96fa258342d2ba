package io.axle.highway.internal;

import io.netty.buffer.ByteBuf;

/**
 * One decoded frame. {@code header} and {@code body} are slices of {@code whole}, which the
 * receiver must release once done.
 */
public record Frame(byte type, long requestId, ByteBuf header, ByteBuf body, ByteBuf whole) {
  public void release() {
    whole.release();
  }
}
