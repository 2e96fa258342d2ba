package io.axle;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

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
  private final String errorType;
  private final transient Map<String, Object> details;

  public AxleException(Status status, String message) {
    this(status, message, null, Map.of(), null);
  }

  public AxleException(Status status, String message, Throwable cause) {
    this(status, message, null, Map.of(), cause);
  }

  /**
   * A declared error ({@link Status#APPLICATION_ERROR}): the exception's simple type name and its
   * fields by name. The cause is the exception itself when this side has its class.
   */
  public AxleException(Status status, String message, String errorType, Map<String, Object> details,
      Throwable cause) {
    super(message, cause);
    this.status = status;
    this.errorType = errorType;
    this.details = details == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  public Status status() {
    return status;
  }

  /** For a declared error, the simple name of the exception's class ({@code OrderNotFoundException}); else null. */
  public String errorType() {
    return errorType;
  }

  /** For a declared error, the exception's fields by name (null values included); else empty. */
  public Map<String, Object> details() {
    return details == null ? Map.of() : details;
  }

  @Override
  public String toString() {
    return "AxleException[" + status + (errorType == null ? "" : ", " + errorType) + "]: " + getMessage();
  }
}
