package io.axle.transport;

import io.axle.Call;
import io.axle.Response;
import io.axle.Stage;
import java.util.Map;

/**
 * One attempt of a call as a transport carries it: on the consumer side, one send of the call to one
 * endpoint ({@link Transport#send}); on the provider side, the one run of a request the transport read
 * ({@link ProviderOperation.Responder}). What a transport reads of it is the {@link Call}; what it may
 * change is here, and only this: the stages it reached, that it wrote the request, and (provider side)
 * the end. Which endpoint it goes to, its deadline's origin, its retries and hedges are the runtime's,
 * and no transport sets them. The runtime makes every attempt; a transport never makes one.
 */
public interface Attempt extends Call {
  /** The context without creating it: {@code null} when no entry was ever set (nothing to encode). */
  Map<String, String> contextOrNull();

  /**
   * The clock now ({@link System#nanoTime()}) if this attempt needs it, for a deadline or a listener;
   * otherwise 0, with the clock not read. Where a transport makes several marks and deadline checks in
   * one instant, one reading serves them all ({@link #markAt}, {@link #remainingNanos(long)}): at 25 ns a
   * reading, clock reads were a tenth of a call's CPU on each side.
   */
  long nowIfTimed();

  /** {@link #remainingNanos()} as of {@code nowNanos}, a reading {@link #nowIfTimed} made; with 0 the clock is read. */
  long remainingNanos(long nowNanos);

  /** {@link #isExpired()} as of {@code nowNanos}, a reading {@link #nowIfTimed} or {@link #markNow} made; with 0 the clock is read. */
  boolean isExpired(long nowNanos);

  /**
   * The call reached {@code stage} now. The clock is read only when a listener hears it: a call nobody
   * listens to pays for no stage but those the runtime itself needs.
   */
  void mark(Stage stage);

  /** As {@link #mark(Stage)}, returning the clock reading it made; 0 when nobody listens (the clock was not read). */
  long markNow(Stage stage);

  /** The call reached {@code stage} at {@code nanos}, a reading {@link #nowIfTimed} or {@link #markNow} made; nothing when that is 0. */
  void markAt(Stage stage, long nanos);

  /**
   * Consumer: the transport handed the request (or a part of it) to a connection, on the loop: from then on
   * the call may run at the provider, so the runtime never sends it to another instance on its own. Counted
   * whether or not anyone listens; also marks {@link Stage#CONSUMER_WRITTEN} unless {@code markStage} is
   * false (a transport's own resend, timed inside the first write's wait).
   */
  void requestWritten(boolean markStage);

  /**
   * Consumer: true for the attempts of a hedged call, one of which the runtime cancels once the other
   * answered. A transport frees such an attempt at once when its future is cancelled.
   */
  boolean isCancellable();

  /**
   * Provider only: the call ended with {@code response}, once its answer was written (or could not be). A
   * consumer attempt is ended by the runtime when its future completes; a transport never ends one.
   */
  void end(Response response);
}
