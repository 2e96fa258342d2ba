package io.axle.perf.consumer;

import java.time.Duration;

/**
 * Drives calls until stopped: a fixed number in flight (the closed loop of the article's driver) or a fixed
 * rate ({@code rps}, the open loop).
 */
interface LoadDriver {

  void start();

  /**
   * Calls in flight now. A closed loop keeps its count in flight by construction (each caller, or each chain
   * of async calls, always has one out, but for the instant between an answer and the next call), so it
   * reports that count; an open loop counts.
   */
  int inFlight();

  /**
   * Issues no further calls and waits up to {@code grace} for those in flight, so the runtime is not
   * stopped under them (which would show up as spurious errors).
   */
  void stop(Duration grace) throws InterruptedException;
}
