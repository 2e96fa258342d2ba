package io.axle.executor;

import io.axle.executor.internal.SharedBatch;

/**
 * For what hands results back to an event loop from an executor's threads (a transport's writer): the
 * wake-up of the loop that a result would cost may wait while the calls handed over with it in one burst
 * ({@link AxleExecutor#executeAll}) still wait to run, so that the burst's results wake the loop once.
 * docs/threading.md, "Bursts".
 */
public final class BurstWakes {
  private BurstWakes() {
  }

  /**
   * Puts {@code wake} off until no call of the burst the calling thread runs waits any more, and returns
   * true; or returns false, and the caller wakes its loop now: the thread runs no burst, or nothing of it
   * waits. A wake put off is made at the latest before the burst's last call starts, when the burst stalls
   * ({@code burst-stall}), when the executor shuts down, or when the thread's run of the burst ends, on
   * whichever thread finds that out. Only for what no call of the burst waits for: a request a handler
   * makes onwards must wake its loop at once, or its caller would wait for its own request.
   */
  public static boolean putOff(Runnable wake) {
    return SharedBatch.putOff(wake);
  }
}
