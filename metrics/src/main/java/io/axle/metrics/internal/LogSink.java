package io.axle.metrics.internal;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Where the log publisher writes: SLF4J in production, a list in tests. */
public interface LogSink {
  /** A window line (logger {@code io.axle.metrics}, INFO). */
  void window(String line);

  /** A slow call (logger {@code io.axle.metrics.slow}, WARN). */
  void slow(String line);

  /** Loggers {@code io.axle.metrics} and {@code io.axle.metrics.slow}. */
  static LogSink slf4j() {
    Logger windows = LoggerFactory.getLogger("io.axle.metrics");
    Logger slow = LoggerFactory.getLogger("io.axle.metrics.slow");
    return new LogSink() {
      @Override
      public void window(String line) {
        windows.info(line);
      }

      @Override
      public void slow(String line) {
        slow.warn(line);
      }
    };
  }
}
