package io.axle.highway.internal;

import io.axle.config.AxleConfig;
import io.axle.highway.HighwayConfigKeys;

/**
 * What one frame may hold, on both sides of a connection: its whole size, its header section's size
 * and its context entries. A receiver judges the sizes from the fixed header, before buffering the
 * rest ({@link FrameDecoder}); a sender checks them before it sends, so a caller learns of an
 * oversized request from its own call, not from a closed connection.
 */
public record FrameLimits(int maxFrameSize, int maxHeaderSize, int maxContextEntries) {
  /** The keys' defaults. */
  public static final FrameLimits DEFAULTS = new FrameLimits(HighwayConfigKeys.MAX_FRAME_SIZE.defaultValue().orElseThrow(),
      HighwayConfigKeys.MAX_HEADER_SIZE.defaultValue().orElseThrow(),
      HighwayConfigKeys.MAX_CONTEXT_ENTRIES.defaultValue().orElseThrow());

  public static FrameLimits of(AxleConfig config) {
    return new FrameLimits(config.get(HighwayConfigKeys.MAX_FRAME_SIZE), config.get(HighwayConfigKeys.MAX_HEADER_SIZE),
        config.get(HighwayConfigKeys.MAX_CONTEXT_ENTRIES));
  }

  /** The defaults with another maximum frame size. */
  public static FrameLimits maxFrameSize(int maxFrameSize) {
    return new FrameLimits(maxFrameSize, Math.min(maxFrameSize, DEFAULTS.maxHeaderSize), DEFAULTS.maxContextEntries);
  }
}
