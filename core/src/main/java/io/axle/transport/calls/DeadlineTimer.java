package io.axle.transport.calls;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The deadlines of the calls one event loop owns: a {@link DeadlineWheel} and the one task that
 * expires it, scheduled on that loop only while some call is armed, and no later than the first
 * armed deadline's tick. Arming and cancelling are O(1) and allocate nothing, where a task per
 * call costs a priority-queue insert and remove on the loop (~7% of a highway consumer, ~2.5% of a
 * REST consumer, before this).
 *
 * <p>Not thread-safe: {@link #arm}, {@link DeadlineWheel.Node#disarm} and {@link #stop} run on
 * the loop, as does {@code onExpired}. A call never expires before its deadline, and less than a
 * tick after it (plus however late the loop runs the task).
 *
 * @param <N> the transport's pending call
 */
public final class DeadlineTimer<N extends DeadlineWheel.Node> {
  /** The transports' granularity: a call times out less than this late. */
  private static final long TICK_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
  /** Ticks per turn: 512 ms; a longer timeout waits a turn or more in its slot, which costs nothing. */
  private static final int SLOTS = 512;

  private final ScheduledExecutorService loop;
  private final DeadlineWheel<N> wheel;
  private final Consumer<N> onExpired;
  private final Runnable task = this::onTimer;
  /** The scheduled task, while there is one; it runs at {@link #dueNanos}. */
  private ScheduledFuture<?> scheduled;
  private long dueNanos;
  private boolean stopped;

  /** A timer with the transports' granularity, 1 ms ticks. */
  public static <N extends DeadlineWheel.Node> DeadlineTimer<N> millisecondTicks(ScheduledExecutorService loop,
      Consumer<N> onExpired) {
    return new DeadlineTimer<>(loop, TICK_NANOS, SLOTS, onExpired);
  }

  /**
   * @param loop the event loop that owns the calls, and runs the task
   * @param tickNanos the granularity: calls expire at most this late
   * @param slots ticks per turn of the wheel, a power of two; deadlines further ahead wait a turn
   * @param onExpired what a call whose deadline passed gets, disarmed, on the loop
   */
  public DeadlineTimer(ScheduledExecutorService loop, long tickNanos, int slots, Consumer<N> onExpired) {
    this.loop = loop;
    this.wheel = new DeadlineWheel<>(tickNanos, slots, System.nanoTime());
    this.onExpired = onExpired;
  }

  /**
   * Arms {@code call} to expire at {@code deadlineNanos} ({@link System#nanoTime()} clock), unless
   * stopped; cancel it with {@link DeadlineWheel.Node#disarm()}.
   *
   * @throws IllegalStateException if the call is armed already
   */
  public void arm(N call, long deadlineNanos) {
    if (stopped) {
      return;
    }
    schedule(wheel.arm(call, deadlineNanos));
  }

  /** Armed calls. */
  public int size() {
    return wheel.size();
  }

  /** No call expires from now on, and no task stays scheduled; the owner fails its calls itself. */
  public void stop() {
    stopped = true;
    if (scheduled != null) {
      scheduled.cancel(false);
      scheduled = null;
    }
  }

  /** Makes sure the task runs no later than {@code due}. */
  private void schedule(long due) {
    if (scheduled != null) {
      if (due - dueNanos >= 0) {
        return;
      }
      // Rare: only when a call's deadline is earlier than every other armed one's (a shorter timeout).
      scheduled.cancel(false);
    }
    dueNanos = due;
    scheduled = loop.schedule(task, due - System.nanoTime(), TimeUnit.NANOSECONDS);
  }

  private void onTimer() {
    scheduled = null;
    if (stopped) {
      return;
    }
    wheel.expire(System.nanoTime());
    for (N call = wheel.poll(); call != null; call = wheel.poll()) {
      onExpired.accept(call);
    }
    // Stops when no call is armed; the next armed call starts it again.
    if (!wheel.isEmpty() && !stopped) {
      schedule(wheel.nextTickNanos());
    }
  }
}
