package io.axle.perf;

/** The exit statuses of {@code perf.jar}: what {@link PerfMain#run} returns and the JVM exits with. */
public final class ExitStatus {
  public static final int OK = 0;
  /** The run could not go on; the message says why ({@link PerfFailure}). */
  public static final int FAILED = 1;
  /** A key or argument was wrong; the message names it and the fix. */
  public static final int BAD_CONFIGURATION = 2;

  private ExitStatus() {
  }
}
