package io.axle.transport.calls;

import io.axle.executor.BurstWakes;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.util.internal.PlatformDependent;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one event loop writes, from whatever thread made it. An item submitted on the loop itself is
 * taken at once, with no queue and no wake-up; items from other threads are queued, and the loop
 * takes them all in one task per batch instead of one wake-up per item. What was written is flushed
 * once at the end of the read burst the loop is in, or once per batch; on a Netty I/O loop, if its
 * owner asks, a batch's flush waits for the end of the loop's iteration, so that the batches one
 * iteration drains share it.
 *
 * <p>{@link #submit} may be called from any thread; everything else runs on
 * the loop.
 *
 * @param <T> what is written: a request, a response
 */
public final class LoopOutbox<T> {
  private static final Logger log = LoggerFactory.getLogger(LoopOutbox.class);

  /** Where the items go; called on the loop only. */
  public interface Sink<T> {
    /** Writes {@code item}, or fails it; true when something was written that needs a flush. */
    boolean take(T item);

    /** Flushes what {@link #take} wrote since the last flush. */
    void flush();

    /**
     * Ends {@code item} without writing it: its loop is gone (the runtime stopped). Called on
     * whatever thread found that out, so it must not touch the loop's state.
     */
    void discard(T item);
  }

  private final BooleanSupplier onLoop;
  private final Executor loop;
  private final Sink<T> sink;
  private final Queue<T> queued = PlatformDependent.newMpscQueue();
  private final AtomicBoolean drainScheduled = new AtomicBoolean();
  private final Runnable drainTask = this::drain;
  private final Runnable flushTask = this::flushPending;
  private final Runnable scheduleDrain = this::scheduleDrain;
  /**
   * Runs a task once the loop has run every task it has now (Netty's tail tasks), or null when the
   * loop is not a Netty event loop. A drain's flush waits for it, so that the drains of one loop
   * iteration share one flush.
   */
  private final Executor afterIteration;
  /** Answers of a burst's calls: the loop's wake-up may wait for the burst's last call. */
  private final boolean wakeOncePerBurst;
  /** Inside a read burst of the loop's connection: writes wait for its end to be flushed. Loop-only. */
  private boolean reading;
  /** Written on the loop and not flushed yet. Loop-only. */
  private boolean flushPending;

  /**
   * An outbox whose drained batches are flushed each at once.
   *
   * @param onLoop true when the calling thread may act as the loop (for Vert.x, the loop's context)
   * @param loop runs a task on the loop later, never inline
   */
  public LoopOutbox(BooleanSupplier onLoop, Executor loop, Sink<T> sink) {
    this(onLoop, loop, sink, false);
  }

  /**
   * @param onLoop true when the calling thread may act as the loop (for Vert.x, the loop's context)
   * @param loop runs a task on the loop later, never inline
   * @param flushPerIteration on a Netty I/O loop, flush drained batches once as the loop's iteration
   *     ends rather than each at once (measured for highway's connections; REST's A/B could not tell)
   */
  public LoopOutbox(BooleanSupplier onLoop, Executor loop, Sink<T> sink, boolean flushPerIteration) {
    this(onLoop, loop, sink, flushPerIteration, false);
  }

  /**
   * @param onLoop true when the calling thread may act as the loop (for Vert.x, the loop's context)
   * @param loop runs a task on the loop later, never inline
   * @param flushPerIteration on a Netty I/O loop, flush drained batches once as the loop's iteration
   *     ends rather than each at once (measured for highway's connections; REST's A/B could not tell)
   * @param wakeOncePerBurst for a provider's answers: a worker running a burst of calls puts the loop's
   *     wake-up off while calls of its burst wait ({@link BurstWakes}). Never for what a caller then
   *     waits for on that thread (a request made onwards): it would hold its own request back.
   */
  public LoopOutbox(BooleanSupplier onLoop, Executor loop, Sink<T> sink, boolean flushPerIteration,
      boolean wakeOncePerBurst) {
    this.wakeOncePerBurst = wakeOncePerBurst;
    this.onLoop = onLoop;
    this.loop = loop;
    this.sink = sink;
    // Only an I/O loop is sure to run its tail tasks (it ends each iteration with them); Netty's
    // DefaultEventLoop, for one, never does.
    this.afterIteration = flushPerIteration && loop instanceof SingleThreadIoEventLoop netty
        ? netty::executeAfterEventLoopIteration : null;
  }

  /**
   * True when the calling thread is the loop: an owner may then write at once itself, with no item
   * made (what {@link #submit} would do with one).
   */
  public boolean onLoop() {
    return onLoop.getAsBoolean();
  }

  /** Writes {@code item}: at once on the loop, else queued for the loop's next drain. Any thread. */
  public void submit(T item) {
    if (onLoop.getAsBoolean()) {
      if (sink.take(item)) {
        flushSoon();
      }
      return;
    }
    queued.offer(item);
    drainSoon();
  }

  /**
   * Makes sure the loop drains the queue soon; any thread. For answers ({@code wakeOncePerBurst}), on a
   * thread running a burst of an executor's calls with more of them waiting, the wake-up waits for them
   * ({@link BurstWakes}): their answers join the queue meanwhile, and the loop is woken once for all.
   */
  private void drainSoon() {
    if (drainScheduled.compareAndSet(false, true) && !(wakeOncePerBurst && BurstWakes.putOff(scheduleDrain))) {
      scheduleDrain();
    }
  }

  /** Has the loop run a drain; any thread. */
  private void scheduleDrain() {
    try {
      loop.execute(drainTask);
    } catch (RejectedExecutionException e) {
      // The loop is gone (the runtime stopped) and will take nothing more: what waits for it
      // ends here, unwritten, rather than never.
      discardQueued(sink::discard);
    }
  }

  /**
   * Takes every queued item now; if anything was written, it is flushed once: at the end of the read
   * burst when inside one, else once the loop's iteration ends (a Netty I/O loop, flushing per
   * iteration), else at once.
   * Loop-only.
   */
  public void drain() {
    drainScheduled.set(false);
    boolean written = false;
    for (T item = queued.poll(); item != null; item = queued.poll()) {
      try {
        written |= sink.take(item);
      } catch (RuntimeException e) {
        // One item's failure (a bug in its writer) must not keep the others unwritten or unflushed;
        // it may have written part of itself, so the batch is flushed all the same.
        log.error("writing {} failed; the other queued items are written", item, e);
        written = true;
      }
    }
    if (!written) {
      return;
    }
    if (reading) {
      // Inside a read burst (a drain its owner ran itself): flushed at the burst's end.
      flushPending = true;
    } else if (afterIteration != null) {
      // Blocking callers' requests (and workers' answers) come a few at a time, each batch its own
      // drain: one flush per loop iteration instead of one per drain cut a tenth of the consumer's CPU
      // per call with 100 virtual-thread callers (docs/performance-archive.md).
      if (!flushPending) {
        flushPending = true;
        try {
          afterIteration.execute(flushTask);
        } catch (RejectedExecutionException e) {
          flushPending();
        }
      }
    } else {
      flushPending = false;
      sink.flush();
    }
  }

  /**
   * The owner wrote on the loop by itself (encoding straight into its batch): flushed at the end
   * of the read burst when inside one, otherwise once the loop has run what it is running now.
   */
  public void flushSoon() {
    if (flushPending) {
      return;
    }
    flushPending = true;
    if (!reading) {
      try {
        loop.execute(flushTask);
      } catch (RejectedExecutionException e) {
        // The loop is gone, and its connection with it: nothing is left to flush to.
      }
    }
  }

  /** The loop started reading from the connection (Netty's {@code channelRead}). */
  public void readStarted() {
    reading = true;
  }

  /** The read burst ended (Netty's {@code channelReadComplete}): flushes what it wrote. */
  public void readCompleted() {
    reading = false;
    flushPending();
  }

  /** Hands every queued item to {@code discard} instead of the sink: the connection is gone. Loop-only. */
  public void discardQueued(java.util.function.Consumer<T> discard) {
    for (T item = queued.poll(); item != null; item = queued.poll()) {
      discard.accept(item);
    }
  }

  private void flushPending() {
    if (flushPending) {
      flushPending = false;
      sink.flush();
    }
  }
}
