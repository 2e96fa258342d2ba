package io.axle.internal;

import io.axle.Response;
import io.axle.Role;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warning docs/observability.md promises for refused calls: one line per operation and reason per
 * second at most, the next saying how many were left out. A refusal is an answer, not a fault, so the
 * metrics count each one ({@code status="OVERLOADED"}); the log is what tells an operator which limit
 * refused and the key that sets it, without a line per call when a limit is doing its job under load.
 *
 * <p>Provider: the admissions (rate limit, bulkhead, adaptive limit) and a full executor queue.
 * Consumer: a call that ended {@code OVERLOADED} with nothing sent (a rate limit, a bulkhead, an open
 * breaker); an {@code OVERLOADED} answer from a provider is the provider's refusal, logged there.
 */
final class Refusals {
  /** The consumer's logger of what happened to its calls on the way out: refusals, retries. */
  static final String CONSUMER_LOGGER = "io.axle.consumer";
  private static final Logger consumerLog = LoggerFactory.getLogger(CONSUMER_LOGGER);
  private static final Logger providerLog = LoggerFactory.getLogger("io.axle.provider");
  private static final LogGate GATE = new LogGate();

  /**
   * What a line is about: one per side, operation and what refused (an admission's or an executor's name on
   * the provider, whose texts may carry a changing figure; the refusal's text on the consumer, where each
   * policy's is fixed). Names, not the objects: a static gate must not keep a stopped runtime's parts alive.
   */
  private record Reason(Role role, String operation, String refuser) {
  }

  private Refusals() {
  }

  /** A consumer call ended: logged when it was refused here, before any request was written. */
  static void consumerEnded(Invocation invocation, Response response) {
    if (response.status() == Status.OVERLOADED && invocation.requestWrites() == 0) {
      String message = response.error().getMessage();
      log(consumerLog, new Reason(Role.CONSUMER, invocation.operation().qualifiedName(), message), message);
    }
  }

  /** A provider call was refused before it ran by {@code refuser} (its name); {@code message} is its answer's text. */
  static void provider(OperationMeta operation, String refuser, String message) {
    String line = message.startsWith(operation.qualifiedName()) ? message
        : operation.qualifiedName() + " was not run: " + message;
    log(providerLog, new Reason(Role.PROVIDER, operation.qualifiedName(), refuser), line);
  }

  private static void log(Logger log, Reason reason, String message) {
    if (!log.isWarnEnabled()) {
      return;
    }
    long leftOut = GATE.admit(reason);
    if (leftOut >= 0) {
      log.warn("refused: {}{}", message, LogGate.leftOut(leftOut));
    }
  }
}
