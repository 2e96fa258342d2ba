package io.axle.transport.calls;

import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.transport.CallFailures;
import io.netty.util.collection.LongObjectHashMap;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The consumer calls one event loop has taken and not yet answered: each gets an id, its deadline
 * is armed on one {@link DeadlineTimer} with 1 ms ticks, and it leaves the table exactly once, by
 * its answer, its deadline or the table's close, with the standard failures of {@link CallFailures}.
 * Not thread-safe: the owning loop alone uses it, so it needs no locks.
 *
 * @param <C> the transport's call
 */
public final class PendingCalls<C extends ConsumerCall> {
  private final LongObjectHashMap<C> byId = new LongObjectHashMap<>();
  private final DeadlineTimer<C> deadlines;
  private final Consumer<C> afterTimeout;
  private final ScheduledExecutorService loop;
  private long lastId;
  private String closedReason;

  /**
   * @param loop the owning event loop, which runs the deadline task
   * @param afterTimeout what the transport does once a call timed out, or was cancelled (a hedged
   *     attempt that lost), and was failed: free its stream, close a draining connection; runs on the loop
   */
  public PendingCalls(ScheduledExecutorService loop, Consumer<C> afterTimeout) {
    this.deadlines = DeadlineTimer.millisecondTicks(loop, this::onTimeout);
    this.afterTimeout = afterTimeout;
    this.loop = loop;
  }

  /**
   * Takes {@code call} in: gives it an id and arms its deadline. A call that cannot be taken is
   * ended here (what it holds freed), and false returned: the table is closed, the call was
   * cancelled, or its deadline passed before it could be sent.
   */
  public boolean admit(C call) {
    return admit(call, call.invocation().nowIfTimed());
  }

  /** {@link #admit(ConsumerCall)} with the clock already read ({@link io.axle.transport.Attempt#nowIfTimed}). */
  public boolean admit(C call, long nowNanos) {
    if (closedReason != null) {
      call.complete(Response.failure(Status.CONNECTION_FAILED,
          CallFailures.failedOn(call.operationName(), call.endpoint(), closedReason)));
      return false;
    }
    if (call.isDone()) {
      // Cancelled by its caller before the loop took it: still freed and counted out, once.
      call.complete(Response.failure(Status.CONNECTION_FAILED,
          CallFailures.failedOn(call.operationName(), call.endpoint(), "cancelled before it was sent")));
      return false;
    }
    long remaining = call.invocation().remainingNanos(nowNanos);
    if (remaining <= 0) {
      call.complete(CallFailures.notSentInTime(call.operationName(), call.endpoint(),
          call.invocation().deadlineFrom()));
      return false;
    }
    if (call.invocation().stageNanos(Stage.CONSUMER_START) == 0) {
      call.admittedNanos = System.nanoTime();
    }
    call.id = ++lastId;
    byId.put(call.id, call);
    if (call.invocation().isCancellable()) {
      // A hedged attempt that lost: freed on this loop at once, as a timeout would free it.
      call.future().whenComplete((response, error) -> {
        if (error instanceof CancellationException) {
          loop.execute(() -> onCancelled(call));
        }
      });
    }
    if (remaining != Long.MAX_VALUE) {
      deadlines.arm(call, call.invocation().deadlineNanos());
    }
    return true;
  }

  /** The call the answer with {@code id} belongs to, taken out; null when it ended already (timed out). */
  public C remove(long id) {
    return byId.remove(id);
  }

  /** Ends {@code call} with {@code response} if it is still pending here; false when it ended already. */
  public boolean finish(C call, Response response) {
    if (byId.remove(call.id) != call) {
      return false;
    }
    call.complete(response);
    return true;
  }

  /** Ends {@code call} with a connection failure for {@code reason}, if it is still pending. */
  public boolean fail(C call, String reason) {
    return finish(call, Response.failure(Status.CONNECTION_FAILED,
        CallFailures.failedOn(call.operationName(), call.endpoint(), reason)));
  }

  public boolean isEmpty() {
    return byId.isEmpty();
  }

  public int size() {
    return byId.size();
  }

  /** True once {@link #close} ran. */
  public boolean isClosed() {
    return closedReason != null;
  }

  /**
   * Fails every pending call with a connection failure for {@code reason}, and every call admitted
   * from now on; stops the deadline task. Returns the calls failed, for the transport to free what
   * they hold on the wire.
   */
  public List<C> close(String reason) {
    if (closedReason != null) {
      return List.of();
    }
    closedReason = reason;
    List<C> failed = new ArrayList<>(byId.values());
    byId.clear();
    for (C call : failed) {
      call.complete(Response.failure(Status.CONNECTION_FAILED,
          CallFailures.failedOn(call.operationName(), call.endpoint(), reason)));
    }
    deadlines.stop();
    return failed;
  }

  private void onCancelled(C call) {
    if (byId.remove(call.id) != call) {
      return;
    }
    // The future is cancelled already: this frees the call and counts it out.
    call.complete(Response.failure(Status.CONNECTION_FAILED, CallFailures.failedOn(call.operationName(),
        call.endpoint(), "cancelled: another attempt answered first")));
    afterTimeout.accept(call);
  }

  private void onTimeout(C call) {
    if (byId.remove(call.id) != call) {
      return;
    }
    long start = call.invocation().stageNanos(Stage.CONSUMER_START);
    long waitedMicros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - (start != 0 ? start : call.admittedNanos));
    call.complete(CallFailures.timedOut(call.operationName(), waitedMicros, call.endpoint(),
        call.invocation().deadlineFrom(), call.invocation().timeoutKey()));
    afterTimeout.accept(call);
  }
}
