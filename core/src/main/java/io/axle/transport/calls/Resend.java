package io.axle.transport.calls;

import io.axle.Response;
import io.axle.Status;
import java.util.EnumSet;
import java.util.Set;

/**
 * The one answer to "may this attempt of a call be sent again?", for every part of the chassis that
 * sends a call more than once. There are four, and they differ only in what they know:
 *
 * <table>
 *   <caption>Who sends a call again, and when</caption>
 *   <tr><th>{@link Way}</th><th>sends it again when</th><th>paid from the retry budget</th></tr>
 *   <tr><td>{@link Way#FAILOVER}: the endpoint selection, to another instance</td>
 *       <td>it cannot have run: nothing of it was written and its connection failed, or the provider
 *       refused it before running it ({@link io.axle.AxleException#isNotRun})</td>
 *       <td>only a refusal that came over the wire</td></tr>
 *   <tr><td>{@link Way#STALE_CONNECTION}: a transport, once, on a new connection to the same instance</td>
 *       <td>it was written on a kept-alive connection that had carried calls, had none other open, and
 *       closed before any answer: the server closed an idle connection as the request arrived</td>
 *       <td>no</td></tr>
 *   <tr><td>{@link Way#RETRY}: the retry link of an idempotent operation</td>
 *       <td>it failed in a way another attempt may cure ({@link #mayCure}) and was not refused before
 *       anything was written (the selection tried every instance then)</td><td>yes</td></tr>
 *   <tr><td>{@link Way#HEDGE}: the hedging link of an idempotent operation</td>
 *       <td>it is idempotent, whatever became of the first attempt, which may still be running</td>
 *       <td>yes</td></tr>
 * </table>
 *
 * <p>None sends again once the call's deadline leaves no time for another attempt, and only the
 * idempotent operations are retried or hedged: a call that may have run is never sent again on
 * the chassis' own initiative unless its operation says running it twice is harmless. Counting
 * attempts, pausing between them and choosing the instance stay with each link; the rules are here,
 * checked row by row by {@code ResendTest}.
 */
public final class Resend {
  /** Failures another attempt may cure: a retry takes them, and a hedge waits for its other attempt on them. */
  private static final Set<Status> CURABLE = EnumSet.of(Status.CONNECTION_FAILED, Status.OVERLOADED,
      Status.SHUTTING_DOWN, Status.PROVIDER_ERROR, Status.INTERNAL_ERROR);

  /** Who would send the call again. */
  public enum Way {
    FAILOVER, STALE_CONNECTION, RETRY, HEDGE
  }

  /** The answer: not again, again, or again if the service's retry budget pays for it. */
  public enum Verdict {
    NO, YES, IF_BUDGET_ALLOWS;

    public boolean mayResend() {
      return this != NO;
    }
  }

  /**
   * One attempt as the deciding link saw it end.
   *
   * @param status how it ended ({@code null}: it has not ended, as for a hedge sent beside it)
   * @param notRun the provider (or a link before the transport) refused it before running it
   * @param written a transport wrote some of it to a connection
   * @param timeLeft the call's deadline leaves time for another attempt (after any pause)
   * @param idempotent the operation may run twice ({@code @Idempotent}, or the key that overrides it)
   * @param staleConnection the connection it was written on had carried calls, had no other open, and
   *     closed before any answer
   */
  public record Attempt(Status status, boolean notRun, boolean written, boolean timeLeft, boolean idempotent,
      boolean staleConnection) {
    /** An attempt that ended with {@code response}. */
    public static Attempt of(Response response, boolean written, boolean timeLeft, boolean idempotent) {
      return new Attempt(response.status(), response.error() != null && response.error().isNotRun(), written,
          timeLeft, idempotent, false);
    }
  }

  private Resend() {
  }

  /** Whether {@code way} may send the call of {@code attempt} again. */
  public static Verdict verdict(Way way, Attempt attempt) {
    if (!attempt.timeLeft()) {
      return Verdict.NO;
    }
    return switch (way) {
      case FAILOVER -> {
        if (unsent(attempt)) {
          yield Verdict.YES;
        }
        if (attempt.notRun()) {
          // Over the wire: an overload of every instance must not be doubled. Before it (a link after the
          // selection refused it), nothing was sent, and it costs nothing.
          yield attempt.written() ? Verdict.IF_BUDGET_ALLOWS : Verdict.YES;
        }
        yield Verdict.NO;
      }
      case STALE_CONNECTION -> attempt.written() && attempt.staleConnection()
          && attempt.status() == Status.CONNECTION_FAILED ? Verdict.YES : Verdict.NO;
      case RETRY -> !attempt.idempotent() || !mayCure(attempt.status())
          // Refused before anything was written: the selection tried every instance it could already.
          || attempt.notRun() && !attempt.written() ? Verdict.NO : Verdict.IF_BUDGET_ALLOWS;
      case HEDGE -> attempt.idempotent() ? Verdict.IF_BUDGET_ALLOWS : Verdict.NO;
    };
  }

  /** Nothing of it was written and its connection failed: it reached no provider. */
  private static boolean unsent(Attempt attempt) {
    return attempt.status() == Status.CONNECTION_FAILED && !attempt.written();
  }

  /**
   * A failure another attempt may cure (a connection failure, an overload, a provider stopping or failing):
   * a retry takes these, and a hedged call waits for its other attempt on them. A timeout, a bad request,
   * an error the operation declared are final.
   */
  public static boolean mayCure(Status status) {
    return status != null && CURABLE.contains(status);
  }
}
