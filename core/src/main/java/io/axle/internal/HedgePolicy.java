package io.axle.internal;

import io.axle.Response;
import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.config.HedgeDelay;
import io.axle.contract.OperationMeta;
import io.axle.policy.PolicyState;
import io.axle.transport.calls.Resend;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;

/**
 * Hedged requests for an idempotent operation ({@code axle.governance.hedge.delay}; tRPC's backup
 * request): when the first attempt has not answered after the delay — fixed, or a percentile of the
 * operation's latency as observed here — a second attempt goes to another instance (the selection
 * avoids the first's), and the first answer that settles the call wins; the other attempt is
 * cancelled: not sent if it was still queued, its answer ignored if it was sent. A failure that
 * another attempt may cure (the statuses a retry takes) waits for the other attempt while it runs.
 *
 * <p>It takes the place of the retry link, as in gRPC, where hedging and retries are one or the
 * other. Each hedge spends the service's {@link RetryBudget}, so hedging cannot double the load of a
 * slow service; without a budget the call goes on alone.
 */
final class HedgePolicy implements RuntimeLink {
  private final String name;
  private final HedgeDelay delay;
  /** Hedges sent, and when the last was, for {@link #state}. */
  private final LongAdder hedged = new LongAdder();
  private volatile long lastSentNanos;
  private final LatencyWindow window;
  private final RetryBudget budget;
  private final RetryPolicy.Delayer delayer;

  private HedgePolicy(String name, HedgeDelay delay, RetryBudget budget, RetryPolicy.Delayer delayer) {
    this.name = name;
    this.delay = delay;
    this.window = delay.fixed() == null ? new LatencyWindow(delay.perMille()) : null;
    this.budget = budget;
    this.delayer = delayer;
  }

  /** The operation's hedging link, or null when it is not idempotent or no delay is set. */
  static HedgePolicy forOperation(AxleConfig config, String service, OperationMeta op, boolean idempotent,
      RetryBudget budget, RetryPolicy.Delayer delayer) {
    HedgeDelay delay = config.getMostSpecific(CoreConfigKeys.HEDGE_DELAY, service, op.schemaId(), op.name());
    return idempotent && delay != null
        ? new HedgePolicy(service + "/" + op.qualifiedName(), delay, budget, delayer) : null;
  }

  @Override
  public CompletableFuture<Response> onInvocation(Invocation first, InvocationChain next) {
    budget.deposit();
    long after = delay.fixed() != null ? delay.fixed().toNanos() : window.estimateNanos();
    long start = System.nanoTime();
    if (after < 0) {
      // No estimate yet: the call goes alone, and teaches the window.
      return observed(next.proceed(first), start);
    }
    first.markCancellable();
    CompletableFuture<Response> primary = next.proceed(first);
    Response now = primary.isDone() && !primary.isCompletedExceptionally() ? primary.getNow(null) : null;
    if (now != null && !Resend.mayCure(now.status())) {
      return observed(primary, start);
    }
    Race race = new Race(first, next, start);
    if (first.remainingNanos() > after) {
      race.timer = delayer.after(after, race::hedge);
    }
    primary.whenComplete((response, error) -> race.ended(first, response, error));
    return race.result;
  }

  private CompletableFuture<Response> observed(CompletableFuture<Response> result, long start) {
    if (window == null) {
      return result;
    }
    return result.whenComplete((response, error) -> {
      if (response != null && response.isOk()) {
        window.add(System.nanoTime() - start);
      }
    });
  }

  /** One hedged call: its attempts, and the first answer that settles it. */
  private final class Race {
    final CompletableFuture<Response> result = new CompletableFuture<>();
    private final Invocation first;
    private final InvocationChain next;
    private final long start;
    private Invocation second;
    private int running = 1;
    /** Set under the lock by the attempt that settles the call, before anything else is done. */
    private boolean settled;
    /** Cancels the hedge's timer; null when none was set. */
    volatile Runnable timer;

    Race(Invocation first, InvocationChain next, long start) {
      this.first = first;
      this.next = next;
      this.start = start;
    }

    /**
     * A second attempt, after the delay (on an event loop) or at once when the first failed in a way another
     * attempt may cure; false when none was sent: the call was settled, hedged already, out of time, or
     * the budget could not pay for it.
     */
    boolean hedge() {
      Invocation attempt;
      synchronized (this) {
        if (settled || second != null || !Resend.verdict(Resend.Way.HEDGE,
            new Resend.Attempt(null, false, false, !first.isExpired(), true, false)).mayResend()
            || !budget.tryWithdraw()) {
          return false;
        }
        attempt = first.hedgeAttempt();
        second = attempt;
        running++;
      }
      CompletableFuture<Response> backup;
      try {
        backup = next.proceed(attempt);
      } catch (RuntimeException e) {
        backup = CompletableFuture.completedFuture(Response.failure(Failures.internal("hedged attempt", e)));
      }
      backup.whenComplete((response, error) -> ended(attempt, response, error));
      return true;
    }

    void ended(Invocation attempt, Response response, Throwable error) {
      Response answer = response != null ? response : Response.failure(Failures.internal(
          first.operation().qualifiedName() + " attempt", error));
      boolean retryable = Resend.mayCure(answer.status());
      if (attempt != first && attempt.requestWrites() == 0 && answer.error() != null && answer.error().isNotRun()) {
        budget.refund(); // the hedge had nowhere to go (one instance listed): nothing was sent
      }
      boolean hedgeNow;
      synchronized (this) {
        if (attempt != first && attempt.requestWrites() > 0) {
          // A hedge that was sent, counted on the caller's call before it settles (a losing hedge ends in
          // settle, when it is cancelled, before the caller hears): its metrics row shows it.
          first.attemptedAgain();
          hedged.increment();
          lastSentNanos = System.nanoTime();
        }
        running--;
        if (settled || retryable && running > 0) {
          return; // settled already, or the other attempt may still answer
        }
        // The first failed before its hedge: as gRPC does, the hedge goes at once instead of the failure.
        hedgeNow = retryable && second == null && attempt == first;
      }
      if (hedgeNow && hedge()) {
        return;
      }
      settle(attempt, answer);
    }

    private void settle(Invocation attempt, Response answer) {
      Invocation loser;
      synchronized (this) {
        if (settled) {
          return;
        }
        settled = true;
        loser = running > 0 ? (attempt == first ? second : first) : null;
      }
      Runnable cancelTimer = timer;
      if (cancelTimer != null) {
        cancelTimer.run();
      }
      if (answer.isOk() && window != null) {
        window.add(System.nanoTime() - start);
      }
      // Cancelled before the caller hears: a caller that calls again at once finds the loser counted out.
      // Cancelling completes the loser's future here; its end finds the call settled.
      if (loser != null) {
        loser.cancel();
      }
      result.complete(answer);
    }
  }

  /**
   * {@code hedge echo-service/EchoService.add}: {@code after p95, 12 sent}, counted since start; null unless
   * it sent a hedge within the last {@link RetryPolicy#SHOWN_FOR_NANOS}.
   */
  PolicyState state() {
    long last = lastSentNanos;
    if (last == 0 || System.nanoTime() - last > RetryPolicy.SHOWN_FOR_NANOS) {
      return null;
    }
    return new PolicyState("hedge " + name, "after " + delay + ", " + hedged.sum() + " sent");
  }

  @Override
  public String name() {
    return "hedge(after " + delay + ")";
  }
}
