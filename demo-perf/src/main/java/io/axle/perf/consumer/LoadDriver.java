package io.axle.perf.consumer;

import java.time.Duration;

/** Keeps a fixed number of calls in flight until stopped: the closed loop of the article's driver. */
interface LoadDriver {

  void start();

  /**
   * Issues no further calls and waits up to {@code grace} for those in flight, so the runtime is not
   * stopped under them (which would show up as spurious errors).
   */
  void stop(Duration grace) throws InterruptedException;
}
