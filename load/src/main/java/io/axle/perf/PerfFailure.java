package io.axle.perf;

/**
 * A run that cannot go on for a reason the user can act on (the {@code --loopback} producer never got
 * ready, say): {@link PerfMain} prints the message alone and exits with {@link ExitStatus#FAILED}, wherever in
 * Spring's start-up it was thrown.
 */
public final class PerfFailure extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PerfFailure(String message) {
    super(message);
  }
}
