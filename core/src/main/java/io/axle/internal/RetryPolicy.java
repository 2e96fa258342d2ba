package io.axle.internal;

import io.axle.Response;
import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.contract.OperationMeta;
import io.axle.policy.PolicyState;
import io.axle.transport.calls.Resend;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Retries of an idempotent operation ({@code axle.governance.retry.*}), a consumer link just before
 * the endpoint selection, so that each retry gets a new pick (the instance that failed is avoided
 * while another is listed). A call is sent again after a failure it may have run through — the
 * connection lost, the provider overloaded, stopping or faulting — up to {@code attempts} in all,
 * after a growing, jittered pause, inside its deadline and the service's {@link RetryBudget}. A
 * timeout is never retried (the deadline is spent), nor an answer the operation declared or a bad
 * request. Operations that are not idempotent get no such link: only the selection's failover of
 * calls that provably did not run applies to them.
 */
final class RetryPolicy implements RuntimeLink {
  /** Runs a task after a pause, on one of the runtime's event loops; what it returns cancels it. */
  @FunctionalInterface
  interface Delayer {
    Runnable after(long nanos, Runnable task);
  }

  private static final Logger log = LoggerFactory.getLogger(Refusals.CONSUMER_LOGGER);
  /** How long after its last retry (or budget refusal) a retry link's state is shown: a minute. */
  static final long SHOWN_FOR_NANOS = TimeUnit.MINUTES.toNanos(1);
  /** One line per operation per second at most: retries come in bursts when an instance fails. */
  private static final LogGate LOGGED = new LogGate();

  private final String name;
  private final int attempts;
  private final long backoffNanos;
  /** Attempts sent again, and retries the budget did not pay for: what {@link #state} shows. */
  private final LongAdder sentAgain = new LongAdder();
  private final LongAdder budgetRefused = new LongAdder();
  /**
   * What its log lines are gated by: its own (two runtimes' links of one operation log apart), and a string,
   * so that the static gate does not keep a stopped runtime's link alive.
   */
  private final String logKey;
  /** When it last sent a retry or was refused by the budget; 0: never. */
  private volatile long lastNanos;
  private final RetryBudget budget;
  private final Delayer delayer;

  private RetryPolicy(String name, int attempts, Duration backoff, RetryBudget budget, Delayer delayer) {
    this.name = name;
    this.logKey = name + "@" + Integer.toHexString(System.identityHashCode(this));
    this.attempts = attempts;
    this.backoffNanos = backoff.toNanos();
    this.budget = budget;
    this.delayer = delayer;
  }

  /** The operation's retry link, or null when it is not idempotent or may be sent only once. */
  static RetryPolicy forOperation(AxleConfig config, String service, OperationMeta op, RetryBudget budget,
      Delayer delayer) {
    String schemaId = op.schemaId();
    boolean idempotent = isIdempotent(config, service, op);
    int attempts = config.getMostSpecific(CoreConfigKeys.RETRY_ATTEMPTS, service, schemaId, op.name());
    if (!idempotent || attempts < 2) {
      return null;
    }
    return new RetryPolicy(service + "/" + op.qualifiedName(), attempts,
        config.getMostSpecific(CoreConfigKeys.RETRY_BACKOFF, service, schemaId, op.name()), budget, delayer);
  }

  /** {@code @Idempotent} on the method, unless {@code axle.governance.retry.idempotent} says otherwise. */
  static boolean isIdempotent(AxleConfig config, String service, OperationMeta op) {
    String key = config.mostSpecificKey(CoreConfigKeys.RETRY_IDEMPOTENT, service, op.schemaId(), op.name());
    return config.keys().contains(key)
        ? config.getMostSpecific(CoreConfigKeys.RETRY_IDEMPOTENT, service, op.schemaId(), op.name())
        : op.idempotent();
  }

  @Override
  public CompletableFuture<Response> onInvocation(Invocation invocation, InvocationChain next) {
    budget.deposit();
    return attempt(invocation, next, 1, backoffNanos);
  }

  private CompletableFuture<Response> attempt(Invocation invocation, InvocationChain next, int attempt, long pauseNanos) {
    int writesBefore = invocation.requestWrites();
    return next.proceed(invocation).thenCompose(response -> {
      if (attempt > 1 && invocation.requestWrites() > writesBefore) {
        // A retry that was sent (one refused before it was written is not one), counted on the call (its
        // metrics row's retries) before the caller hears, and here.
        invocation.attemptedAgain();
        sentAgain.increment();
        lastNanos = System.nanoTime();
      }
      if (response.isOk() || attempt >= attempts) {
        return CompletableFuture.completedFuture(response);
      }
      long pause = pauseNanos <= 0 || !Resend.mayCure(response.status()) ? 0
          : pauseNanos / 2 + ThreadLocalRandom.current().nextLong(Math.max(1, pauseNanos));
      Resend.Verdict verdict = Resend.verdict(Resend.Way.RETRY, Resend.Attempt.of(response,
          invocation.requestWrites() > writesBefore, invocation.remainingNanos() > pause, true));
      if (!verdict.mayResend()) {
        return CompletableFuture.completedFuture(response);
      }
      if (verdict == Resend.Verdict.IF_BUDGET_ALLOWS && !budget.tryWithdraw()) {
        budgetRefused.increment();
        lastNanos = System.nanoTime();
        return CompletableFuture.completedFuture(response);
      }
      logRetry(attempt + 1, response);
      if (pause == 0) {
        return attempt(invocation, next, attempt + 1, pauseNanos * 2);
      }
      // After the pause, on an event loop of the runtime (as a response half would run), never a JDK-wide thread.
      CompletableFuture<Response> retried = new CompletableFuture<>();
      delayer.after(pause, () -> attempt(invocation, next, attempt + 1, pauseNanos * 2).whenComplete((r, e) -> {
        if (e != null) {
          retried.completeExceptionally(e);
        } else {
          retried.complete(r);
        }
      }));
      return retried;
    });
  }

  /** Attempt {@code attempt} of a call goes out after {@code failed}: logged at most once a second per operation. */
  private void logRetry(int attempt, Response failed) {
    long leftOut = LOGGED.admit(logKey);
    if (leftOut >= 0 && log.isInfoEnabled()) {
      log.info("retry: {} attempt {} of {} after {}: {}{}", name, attempt, attempts, failed.status(),
          failed.error() == null ? "" : failed.error().getMessage(), LogGate.leftOut(leftOut));
    }
  }

  /**
   * {@code retry echo-service/EchoService.add}: {@code 3 attempts, 12 sent again, 0 refused by the budget},
   * counted since start; null unless it sent a retry or was refused by the budget within the last
   * {@link #SHOWN_FOR_NANOS} (the windows carry only states worth showing now, and a retry long past is not).
   */
  PolicyState state() {
    long last = lastNanos;
    if (last == 0 || System.nanoTime() - last > SHOWN_FOR_NANOS) {
      return null;
    }
    return new PolicyState("retry " + name, attempts + " attempts, " + sentAgain.sum() + " sent again, "
        + budgetRefused.sum() + " refused by the budget");
  }

  @Override
  public String name() {
    return "retry(" + attempts + " attempts)";
  }
}
