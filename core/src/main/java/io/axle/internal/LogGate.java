package io.axle.internal;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * At most one log line per key (an operation) per second, so that a failing dependency or a
 * misbehaving client cannot flood the log; the next line admitted says how many were left out.
 */
public final class LogGate {
  private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final Map<Object, Window> windows = new ConcurrentHashMap<>();

  private static final class Window {
    final AtomicLong lastNanos = new AtomicLong(System.nanoTime() - INTERVAL_NANOS);
    final AtomicLong suppressed = new AtomicLong();
  }

  /**
   * Whether a line about {@code key} may be logged now: the number of lines left out since the
   * last one (0 or more) when it may, -1 when it may not (and it is counted as left out).
   */
  public long admit(Object key) {
    Window window = windows.computeIfAbsent(key, k -> new Window());
    long now = System.nanoTime();
    long last = window.lastNanos.get();
    if (now - last < INTERVAL_NANOS || !window.lastNanos.compareAndSet(last, now)) {
      window.suppressed.incrementAndGet();
      return -1;
    }
    return window.suppressed.getAndSet(0);
  }

  /** {@code "; 3 more since the last line"}, or nothing. */
  public static String leftOut(long suppressed) {
    return suppressed <= 0 ? "" : "; " + suppressed + " more since the last line";
  }
}
