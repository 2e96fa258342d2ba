package io.axle.internal;

import io.axle.contract.OperationMeta;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs what a provider method threw that its operation does not declare, with the stack trace the
 * caller never sees: at most one line per operation per second, the next one saying how many were
 * left out, so that a failing dependency cannot flood the log.
 */
final class UndeclaredErrorLog {
  private static final Logger log = LoggerFactory.getLogger("io.axle.provider");
  private static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final Map<OperationMeta, Window> windows = new ConcurrentHashMap<>();

  private static final class Window {
    final AtomicLong lastNanos = new AtomicLong(System.nanoTime() - INTERVAL_NANOS);
    final AtomicLong suppressed = new AtomicLong();
  }

  void log(OperationMeta operation, Throwable error) {
    Window window = windows.computeIfAbsent(operation, o -> new Window());
    long now = System.nanoTime();
    long last = window.lastNanos.get();
    if (now - last < INTERVAL_NANOS || !window.lastNanos.compareAndSet(last, now)) {
      window.suppressed.incrementAndGet();
      return;
    }
    long suppressed = window.suppressed.getAndSet(0);
    log.error("{} failed with an undeclared {} (answered PROVIDER_ERROR{})", operation.qualifiedName(),
        error.getClass().getName(), suppressed == 0 ? "" : "; " + suppressed + " more since the last line", error);
  }
}
