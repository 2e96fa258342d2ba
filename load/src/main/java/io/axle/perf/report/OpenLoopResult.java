package io.axle.perf.report;

/**
 * What an open-loop run ({@code rps}) adds to its result.
 *
 * @param rps the rate asked for, requests per second
 * @param maxInFlight {@code rps.max-in-flight}
 * @param late requests sent over 1 ms after their intended time (measured from it all the same)
 * @param unsent requests not sent at all because {@code maxInFlight} calls were in flight
 */
public record OpenLoopResult(int rps, int maxInFlight, long late, long unsent) {

  /** Requests that could not be sent on time: late or not at all. */
  public long notOnTime() {
    return late + unsent;
  }
}
