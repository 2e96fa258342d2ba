package io.axle;

import io.axle.contract.OperationMeta;
import io.axle.registry.Endpoint;
import java.util.Map;

/**
 * One call as a {@link Filter} and an {@link InvocationListener} see it: what they may read, and the
 * little a filter may change — the arguments' entries, the context entries that travel with the call,
 * and the deadline. Nothing else of it can be changed through this interface: which transport carries it,
 * which instance it goes to, its stage timings, its retries and its end are the chassis' own. The object
 * behind it is the chassis' (it also serves transports, as an {@code io.axle.transport.Attempt}); a filter
 * or listener that casts it to reach more is unsupported, and the type system, not the runtime, is what
 * stops it. A filter passes on the call it was given ({@code next.proceed(call)}); the chassis refuses any
 * other.
 */
public interface Call {
  Role role();

  OperationMeta operation();

  /** The arguments in declaration order; a filter may replace entries before proceeding. */
  Object[] args();

  /**
   * Entries that travel with the call (highway header, HTTP headers) and reach the provider's
   * filters; created on demand. A consumer filter's entries are sent; a provider filter sees the
   * caller's.
   */
  Map<String, String> context();

  /**
   * The provider call this thread is serving now, if any: inside a provider filter or method, on
   * the thread it was started on. A consumer call made there takes the sooner of its own timeout and
   * what is left of this call's deadline, so a chain of calls fails at its first caller's deadline.
   * Empty on other threads (a callback on an event loop, a thread of one's own): capture the call
   * first and set its deadline on what is sent from there.
   */
  static java.util.Optional<Call> current() {
    return java.util.Optional.ofNullable(io.axle.internal.Invocation.serving());
  }

  /** The deadline on the {@link System#nanoTime()} clock, or 0 for none. */
  long deadlineNanos();

  /**
   * Sets the deadline ({@link System#nanoTime()} clock, 0 for none). On the consumer side the
   * transport arms and sends what is set when the call reaches it; on the provider side, what the
   * method and any call it makes onwards have left.
   */
  void deadlineNanos(long deadlineNanos);

  /** Nanoseconds left before the deadline (negative once passed); {@link Long#MAX_VALUE} without one. */
  long remainingNanos();

  boolean isExpired();

  /** The transport carrying the call ({@code highway}, {@code rest}): fixed when the reference is made. */
  String transport();

  /**
   * Consumer: the provider instance the call goes to, chosen by the endpoint selection link at the
   * end of the chain (null in a filter's request half before the first attempt; a filter that
   * proceeds again after an attempt ended gets a new pick). Provider: the caller's address, when
   * known.
   */
  Endpoint endpoint();

  /**
   * When the call reached {@code stage}, on the {@link System#nanoTime()} clock; 0 if it did not, or if
   * nobody listened (only {@link Stage#CONSUMER_START} and {@link Stage#PROVIDER_RECEIVED} are always timed).
   */
  long stageNanos(Stage stage);

  /** Consumer: attempts sent after the first (retries, a hedge); 0 for a call that went once. */
  int extraAttempts();

  /**
   * Consumer: the operation of the provider call whose deadline this call took, being sooner than its own
   * timeout; null when the deadline is the call's own.
   */
  String deadlineFrom();

  /** Consumer: the configuration key that gave the call its own timeout, for a timeout's message; or null. */
  String timeoutKey();
}
