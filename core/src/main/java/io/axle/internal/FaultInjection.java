package io.axle.internal;

import io.axle.Response;
import io.axle.Status;
import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.contract.OperationMeta;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.IntSupplier;

/**
 * Provider fault injection for one operation ({@code axle.governance.fault.*}): a share of the
 * calls fails with a configured status without running, and a share is held for a configured
 * time before the method runs, on the thread that runs it, as a slow method would hold it. For
 * trying retries, breakers and limits against a provider that misbehaves on purpose; it is the
 * last link before the method, after the user's filters.
 */
final class FaultInjection implements RuntimeLink {
  private final String operation;
  private final Status abort;
  private final int abortPercent;
  private final String abortKey;
  private final long delayNanos;
  private final int delayPercent;
  /** 0..99, uniform: a call is affected when it draws below the percentage. */
  private final IntSupplier percentile;

  private FaultInjection(String operation, Status abort, int abortPercent, String abortKey, Duration delay,
      int delayPercent, IntSupplier percentile) {
    this.operation = operation;
    this.abort = abort;
    this.abortPercent = abortPercent;
    this.abortKey = abortKey;
    this.delayNanos = delay.toNanos();
    this.delayPercent = delayPercent;
    this.percentile = percentile;
  }

  /** The operation's fault injection, or null when its configuration injects none (the usual case). */
  static FaultInjection forOperation(AxleConfig config, String schemaId, OperationMeta op) {
    String name = op.name();
    String abortName = config.getMostSpecific(CoreConfigKeys.FAULT_ABORT, schemaId, name);
    int abortPercent = config.getMostSpecific(CoreConfigKeys.FAULT_ABORT_PERCENT, schemaId, name);
    Duration delay = config.getMostSpecific(CoreConfigKeys.FAULT_DELAY, schemaId, name);
    int delayPercent = config.getMostSpecific(CoreConfigKeys.FAULT_DELAY_PERCENT, schemaId, name);
    boolean aborts = abortName != null && abortPercent > 0;
    boolean delays = !delay.isZero() && delayPercent > 0;
    if (!aborts && !delays) {
      return null;
    }
    return new FaultInjection(op.qualifiedName(), aborts ? Status.valueOf(abortName) : null, abortPercent,
        config.mostSpecificKey(CoreConfigKeys.FAULT_ABORT, schemaId, name), delays ? delay : Duration.ZERO,
        delayPercent, () -> ThreadLocalRandom.current().nextInt(100));
  }

  @Override
  public CompletableFuture<Response> onInvocation(Invocation invocation, InvocationChain next) {
    if (abort != null && percentile.getAsInt() < abortPercent) {
      return CompletableFuture.completedFuture(Response.failure(abort, operation
          + " failed by fault injection (" + abortKey + ": " + abort + ", " + abortPercent + "% of calls)"));
    }
    if (delayNanos > 0 && percentile.getAsInt() < delayPercent) {
      try {
        Thread.sleep(Duration.ofNanos(delayNanos));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return CompletableFuture.completedFuture(Response.failure(Status.SHUTTING_DOWN,
            operation + " was interrupted in an injected delay"));
      }
      if (invocation.isExpired()) {
        // As for a request that waited in a queue: what the caller gave up on is not started.
        return CompletableFuture.completedFuture(Response.failure(Status.DEADLINE_EXCEEDED, operation
            + " was not run: the caller's deadline passed during an injected delay"));
      }
    }
    return next.proceed(invocation);
  }

  @Override
  public String name() {
    List<String> parts = new ArrayList<>();
    if (abort != null) {
      parts.add("abort " + abort + " " + abortPercent + "%");
    }
    if (delayNanos > 0) {
      parts.add("delay " + Duration.ofNanos(delayNanos).toMillis() + " ms " + delayPercent + "%");
    }
    return "fault-injection(" + String.join(", ", parts) + ")";
  }
}
