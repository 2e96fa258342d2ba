package io.axle.transport;

import io.netty.channel.Channel;
import io.netty.util.AttributeKey;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The most connections one transport's server keeps open at once, over all its event loops. A
 * connection accepted past the limit is closed at once, before a byte of it is read, so that a
 * peer opening connections without end costs a file descriptor for a moment and no more.
 * Refusals are logged at WARN, at most one line a second with the count since the last line.
 */
public final class ConnectionLimit {
  private static final Logger log = LoggerFactory.getLogger(ConnectionLimit.class);
  private static final AttributeKey<Boolean> COUNTED = AttributeKey.valueOf("axle.connection-counted");
  private static final long LOG_EVERY_NANOS = 1_000_000_000L;

  private final String transport;
  private final String key;
  private final int max;
  private final AtomicInteger open = new AtomicInteger();
  private final AtomicInteger refusedSinceLog = new AtomicInteger();
  private final AtomicLong lastLog = new AtomicLong(System.nanoTime() - LOG_EVERY_NANOS);

  /**
   * @param transport named in the log line
   * @param key the configuration key of {@code max}, named in the log line
   */
  public ConnectionLimit(String transport, String key, int max) {
    this.transport = transport;
    this.key = key;
    this.max = max;
  }

  /**
   * Counts {@code channel} among the open connections until it closes, or closes it when the
   * limit is reached; true when admitted. A channel already counted (an HTTP/1.1 connection
   * upgraded to h2c is announced twice) is admitted again without a second count.
   */
  public boolean admit(Channel channel) {
    if (channel.hasAttr(COUNTED)) {
      return true;
    }
    if (open.incrementAndGet() > max) {
      open.decrementAndGet();
      channel.close();
      refused(channel);
      return false;
    }
    channel.attr(COUNTED).set(Boolean.TRUE);
    channel.closeFuture().addListener(closed -> open.decrementAndGet());
    return true;
  }

  private void refused(Channel channel) {
    int refused = refusedSinceLog.incrementAndGet();
    long last = lastLog.get();
    long now = System.nanoTime();
    if (now - last >= LOG_EVERY_NANOS && lastLog.compareAndSet(last, now)) {
      refusedSinceLog.addAndGet(-refused);
      log.warn("{}: closed a new connection from {} at once: {} connections are open ({}: {}); {} refused since the "
          + "last such line", transport, channel.remoteAddress(), max, key, max, refused);
    }
  }
}
