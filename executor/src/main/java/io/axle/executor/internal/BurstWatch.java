package io.axle.executor.internal;

import java.time.Duration;
import java.util.Iterator;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * Finds bursts whose tasks wait too long behind each other. One daemon thread per executor that takes
 * bursts ticks every half stall period while bursts come, and sleeps once a tick found none came since
 * the one before (a batch that starts with tasks waiting behind its first wakes it then). Sleeping as
 * soon as no batch was left running instead cost a wake-up of the watch per burst at full load, about as
 * dear as the worker's own (docs/performance-archive.md); ticking caps that at one per half stall period, and a
 * quiet executor still lets its watch sleep. A batch that
 * still has tasks waiting two ticks after its first task started is a stall (one of its tasks blocks, or
 * they are many and slow): the watch has it run again, once per waiting task (for a group, up to its
 * other workers), so that idle threads take the rest.
 *
 * <p>A stall is also what a worker preempted for a millisecond looks like, on a busy machine often (a
 * few times a second at full load on two cores), and sharing out the rest of its burst costs little.
 * But when stalls are a steady share of the bursts ({@link #PAUSE_SHARE_PERCENT} percent of the last
 * second's, and at least {@link #PAUSE_MIN_STALLS}), the handlers block or are slow: burst hand-off pauses
 * for {@link #PAUSE}, and requests are handed over one by one, each to a worker of its own.
 */
public final class BurstWatch implements Runnable {
  /** How long burst hand-off stays off once stalls became a steady share of bursts. */
  public static final Duration PAUSE = Duration.ofSeconds(1);
  /** Stalls, in percent of the bursts of the last second, that pause burst hand-off. */
  public static final int PAUSE_SHARE_PERCENT = 1;
  /** Fewer stalls than this in a second never pause burst hand-off. */
  public static final int PAUSE_MIN_STALLS = 5;
  private static final long SECOND = Duration.ofSeconds(1).toNanos();

  /** Batches with tasks waiting; added by the threads that run them, dropped by the watch once taken. */
  private final Queue<SharedBatch> watched = new ConcurrentLinkedQueue<>();
  private final long tickNanos;
  private final Thread thread;
  private final LongAdder stalls = new LongAdder();
  private final LongAdder bursts = new LongAdder();
  private volatile long tick;
  private volatile boolean sleeping;
  /** A batch was watched since the watch last looked: bursts still come, so it keeps ticking. */
  private volatile boolean recent;
  private volatile boolean stopped;
  /** False for {@link #PAUSE} once stalls became a steady share of bursts. */
  private volatile boolean handOff = true;
  /** When, on the watch's own clock, a pause ends. Watch-only. */
  private long pausedUntil;
  /** The second over which stalls are counted against bursts. Watch-only. */
  private long windowStart = System.nanoTime();
  private long windowStalls;
  private long windowBurstsBefore;

  /**
   * @param stall how long after a burst's first task began its waiting tasks are shared out
   */
  public BurstWatch(String name, Duration stall) {
    this.tickNanos = Math.max(1, stall.toNanos() / 2);
    this.thread = Thread.ofPlatform().name("axle-" + name + "-watch").daemon(true).unstarted(this);
  }

  /** Starts watching. */
  public void start() {
    thread.start();
  }

  /** Watches {@code batch} until its tasks are all taken; wakes the watch if it sleeps. */
  void watch(SharedBatch batch) {
    watched.offer(batch);
    if (!recent) {
      recent = true;
    }
    if (sleeping) {
      LockSupport.unpark(thread);
    }
  }

  /** Whether bursts may be handed over as one task now: false while paused. */
  public boolean handOff() {
    return handOff;
  }

  /** Stalls found since the executor was built: bursts whose rest was shared out. */
  public long stalls() {
    return stalls.sum();
  }

  /** A burst of several tasks was handed to a group: what stalls are counted against. */
  public void burstHandedOver() {
    bursts.increment();
  }

  long tick() {
    return tick;
  }

  /**
   * Ends the thread; batches already queued still run. The wake-ups their tasks put off are made now,
   * and none is put off from now on: no watch is left to make them should a task stall.
   */
  public void stop() {
    stopped = true;
    for (SharedBatch batch : watched) {
      batch.wakeAll();
    }
    LockSupport.unpark(thread);
  }

  /** True once {@link #stop} was called. */
  boolean stopped() {
    return stopped;
  }

  @Override
  public void run() {
    while (!stopped) {
      boolean watching = scan();
      if (!handOff && System.nanoTime() - pausedUntil >= 0) {
        handOff = true;
      }
      if (watching || recent) {
        recent = false;
        LockSupport.parkNanos(this, tickNanos);
        tick++;
      } else {
        sleeping = true;
        // Checked again after saying so: a batch added before its thread read the flag is seen here.
        if (!scan() && !stopped) {
          if (handOff) {
            LockSupport.park(this);
          } else {
            LockSupport.parkNanos(this, Math.max(1, pausedUntil - System.nanoTime()));
          }
        }
        sleeping = false;
      }
    }
  }

  /** Shares out the rest of each stalled batch; true while some batch has tasks waiting. */
  private boolean scan() {
    long now = tick;
    boolean watching = false;
    for (Iterator<SharedBatch> batches = watched.iterator(); batches.hasNext(); ) {
      SharedBatch batch = batches.next();
      int waiting = batch.unclaimed();
      if (waiting == 0) {
        batches.remove();
        continue;
      }
      watching = true;
      if (now - batch.startedAtTick() >= 2 && !batch.helped && !sleeping) {
        batch.helped = true;
        stalled();
        // The answers of the tasks that ran are not kept waiting for the one that stalls.
        batch.wakeAll();
        batch.help(waiting);
      }
    }
    return watching;
  }

  /** Counts a stall, and pauses hand-off when stalls have become a steady share of the bursts. */
  private void stalled() {
    stalls.increment();
    long now = System.nanoTime();
    long burstsNow = bursts.sum();
    if (now - windowStart >= SECOND) {
      windowStart = now;
      windowStalls = 0;
      windowBurstsBefore = burstsNow;
    }
    windowStalls++;
    long windowBursts = burstsNow - windowBurstsBefore;
    if (handOff && windowStalls >= PAUSE_MIN_STALLS && windowStalls * 100 >= windowBursts * PAUSE_SHARE_PERCENT) {
      handOff = false;
      pausedUntil = now + PAUSE.toNanos();
    }
  }
}
