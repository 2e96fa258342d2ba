package io.axle.perf.consumer;

import java.time.Duration;

/**
 * Drives calls until stopped: a fixed number in flight (the closed loop of the article's driver) or a fixed
 * rate ({@code rps}, the open loop).
 */
interface LoadDriver {

  void start();

  /**
   * Issues no further calls and waits up to {@code grace} for those in flight, so the runtime is not
   * stopped under them (which would show up as spurious errors).
   */
  void stop(Duration grace) throws InterruptedException;
}
