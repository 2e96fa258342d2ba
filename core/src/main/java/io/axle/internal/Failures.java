package io.axle.internal;

import io.axle.AxleException;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.types.DeclaredError;
import io.axle.types.DeclaredErrors;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Turns throwables into the {@link AxleException} a caller gets. */
public final class Failures {
  /** What a provider method threw that its operation does not declare, with the stack trace the caller never sees. */
  private static final Logger log = LoggerFactory.getLogger("io.axle.provider");
  private static final LogGate UNDECLARED = new LogGate();

  private Failures() {
  }

  /**
   * What a provider-side throwable becomes: an {@link AxleException} keeps its status; an exception
   * the operation declares is {@link Status#APPLICATION_ERROR} with its type name and fields;
   * anything else is {@link Status#PROVIDER_ERROR} with the exception's simple type and message
   * (logged here with its stack trace, rate-limited), so the caller learns what failed without
   * the wire naming a class it would have to load.
   */
  public static AxleException fromProvider(OperationMeta operation, Throwable t) {
    Throwable cause = unwrap(t);
    if (cause instanceof AxleException axle) {
      return axle;
    }
    String message = cause.getMessage();
    DeclaredError declared = DeclaredErrors.of(operation).find(cause);
    if (declared != null) {
      // Part of the contract: the caller handles it, so the provider's log stays quiet.
      return new AxleException(Status.APPLICATION_ERROR, message == null ? "" : message, declared.name(),
          declared.details(cause), cause);
    }
    long leftOut = UNDECLARED.admit(operation);
    if (leftOut >= 0) {
      log.error("{} failed with an undeclared {} (answered PROVIDER_ERROR{})", operation.qualifiedName(),
          cause.getClass().getName(), LogGate.leftOut(leftOut), cause);
    }
    return new AxleException(Status.PROVIDER_ERROR, operation.qualifiedName() + " failed: "
        + cause.getClass().getSimpleName() + (message == null ? "" : ": " + message), cause);
  }

  /** A throwable raised inside the chassis (a filter, a codec) as an internal error. */
  public static AxleException internal(String what, Throwable t) {
    Throwable cause = unwrap(t);
    if (cause instanceof AxleException axle) {
      return axle;
    }
    return new AxleException(Status.INTERNAL_ERROR, what + ": " + cause, cause);
  }

  public static Throwable unwrap(Throwable t) {
    Throwable cause = t;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }
}
