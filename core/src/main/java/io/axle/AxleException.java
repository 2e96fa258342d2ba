package io.axle;

/**
 * A failed call, with the {@link Status} that says why. Both transports raise it on the consumer
 * side with the same status and message for the same failure.
 *
 * <p>Errors that came over a wire carry no stack trace from the remote side: a peer never has to
 * load a class named by the wire, and a stack trace from another process would only mislead.
 */
public class AxleException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final Status status;

  public AxleException(Status status, String message) {
    super(message);
    this.status = status;
  }

  public AxleException(Status status, String message, Throwable cause) {
    super(message, cause);
    this.status = status;
  }

  public Status status() {
    return status;
  }

  @Override
  public String toString() {
    return "AxleException[" + status + "]: " + getMessage();
  }
}
