package io.axle.highway.internal;

import io.axle.config.AxleConfig;
import io.axle.highway.HighwayConfigKeys;
import java.time.Duration;

/**
 * What one highway server connection may take before the server pushes back: the frame limits,
 * the requests in flight at once, and how long its peer may leave answers unread.
 */
public record ServerLimits(FrameLimits frames, int maxConcurrentPerConnection, Duration unreadTimeout) {
  public static ServerLimits of(AxleConfig config) {
    return new ServerLimits(FrameLimits.of(config), config.get(HighwayConfigKeys.SERVER_MAX_CONCURRENT_PER_CONNECTION),
        config.get(HighwayConfigKeys.SERVER_UNREAD_TIMEOUT));
  }

  /** The keys' defaults with another maximum frame size. */
  public static ServerLimits maxFrameSize(int maxFrameSize) {
    return new ServerLimits(FrameLimits.maxFrameSize(maxFrameSize),
        HighwayConfigKeys.SERVER_MAX_CONCURRENT_PER_CONNECTION.defaultValue().orElseThrow(),
        HighwayConfigKeys.SERVER_UNREAD_TIMEOUT.defaultValue().orElseThrow());
  }
}
