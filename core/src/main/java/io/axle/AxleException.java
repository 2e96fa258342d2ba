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
  private final boolean notRun;

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
    this(status, message, errorType, details, cause, false);
  }

  private AxleException(Status status, String message, String errorType, Map<String, Object> details,
      Throwable cause, boolean notRun) {
    super(message, cause);
    this.status = status;
    this.notRun = notRun;
    this.errorType = errorType;
    this.details = details == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(details));
  }

  /**
   * A provider's refusal before the method ran (an admission limit, a full queue, a provider
   * stopping), marked so on the wire: such a call may be sent to another instance whatever the
   * operation, since it cannot have run. A status alone does not say it: a method may relay an
   * {@code OVERLOADED} from a call of its own after doing its work.
   */
  public static AxleException notRun(Status status, String message) {
    return new AxleException(status, message, null, Map.of(), null, true);
  }

  /**
   * The same failure — status, message, declared type and fields, not-run mark — raised afresh with
   * {@code error} as its cause, so that its stack shows where the caller made the call.
   */
  public static AxleException rethrown(AxleException error) {
    return new AxleException(error.status, error.getMessage(), error.errorType, error.details(), error,
        error.notRun);
  }

  /**
   * The same failure without the not-run mark, with {@code error} as its cause: what a provider answers
   * when its method passed on the refusal of a call of its own, since its own call did run.
   */
  public static AxleException relayed(AxleException error) {
    return new AxleException(error.status, error.getMessage(), error.errorType, error.details(), error, false);
  }

  public Status status() {
    return status;
  }

  /** True for a failure the provider answered before running the method: see {@link #notRun}. */
  public boolean isNotRun() {
    return notRun;
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
    return "AxleException[" + status + (errorType == null ? "" : ", " + errorType) + (notRun ? ", not run" : "") + "]: " + getMessage();
  }
}
