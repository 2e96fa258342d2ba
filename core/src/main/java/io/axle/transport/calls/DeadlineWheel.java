package io.axle.transport.calls;

/**
 * The deadlines of one connection's or one client loop's pending calls: a hashed timing wheel whose
 * nodes are the calls themselves. Owners use it through {@link DeadlineTimer}, which runs its task.
 *
 * <p><b>Why not a timer per call.</b> Scheduling a task on the event loop for every call and cancelling
 * it when the response comes (as nearly every call does) costs a priority-queue insert and remove plus
 * a scheduled task and a lambda per call; at ~550k calls/s that was ~7% of a consumer's samples. Here
 * arming and cancelling are O(1) and allocate nothing: a node is linked into the slot of the tick its
 * deadline falls in, and unlinked again. The owner runs one task of its own, only while nodes are
 * armed, no later than what {@link #arm} and {@link #nextTickNanos()} return, and calls {@link #expire}
 * then {@link #poll}.
 *
 * <p><b>Precision.</b> Time is cut into ticks of {@code tickNanos} counted from the wheel's creation. A
 * node is kept in the slot of the first tick boundary at or after its deadline, and {@link #expire}
 * compares each node's deadline with the clock, so a node never expires before its deadline; if
 * {@code expire} runs at the boundaries {@code arm} and {@code nextTickNanos()} name, a node expires
 * less than one tick after its deadline (plus however late the owner's task runs). A deadline more than a turn of the wheel
 * ({@code slots * tickNanos}) ahead stays in its slot while the wheel turns past it. A node armed with
 * a deadline that has already passed expires at the next tick.
 *
 * <p>Not thread-safe: the wheel and its nodes are used by one thread, the connection's event loop.
 *
 * @param <N> the node type: the transport's pending call
 */
public final class DeadlineWheel<N extends DeadlineWheel.Node> {

  /**
   * What the wheel links: extend it. A node is in at most one wheel at a time, in one slot or in the
   * list of expired nodes not yet polled.
   */
  public abstract static class Node {
    /** The previous node; for the first node of a list, the last one. */
    private Node prev;
    /** The next node; null for the last one. */
    private Node next;
    /** The wheel while armed, else null. */
    private DeadlineWheel<?> wheel;
    /** The list (slot, or the expired list) the node is in while armed. */
    private int list;
    private long deadlineNanos;

    /** True from {@link DeadlineWheel#arm} until it is cancelled or polled. */
    public final boolean isArmed() {
      return wheel != null;
    }

    /** The deadline of the last arm. */
    public final long deadlineNanos() {
      return deadlineNanos;
    }

    /** Cancels this node in whatever wheel it is armed in; false, and harmless, if it is not armed. */
    public final boolean disarm() {
      DeadlineWheel<?> w = wheel;
      if (w == null) {
        return false;
      }
      w.remove(this);
      return true;
    }
  }

  private final long tickNanos;
  private final long originNanos;
  private final int mask;
  /** The first node of each slot's list, then at {@link #expired} the first expired node not yet polled. */
  private final Node[] heads;
  private final int expired;
  /** Every slot has been expired up to and including this tick. */
  private long doneTick;
  private int size;

  /**
   * @param tickNanos the granularity: nodes expire at most this late
   * @param slots how many ticks a turn of the wheel has, a power of two
   * @param nowNanos the clock now ({@link System#nanoTime()}), the origin of the ticks
   */
  DeadlineWheel(long tickNanos, int slots, long nowNanos) {
    if (tickNanos <= 0) {
      throw new IllegalArgumentException("tickNanos: " + tickNanos + " (expected: > 0)");
    }
    if (slots <= 0 || Integer.bitCount(slots) != 1) {
      throw new IllegalArgumentException("slots: " + slots + " (expected: a power of two)");
    }
    this.tickNanos = tickNanos;
    this.originNanos = nowNanos;
    this.mask = slots - 1;
    this.heads = new Node[slots + 1];
    this.expired = slots;
  }

  /**
   * Arms {@code node} to expire at {@code deadlineNanos}; O(1), allocation-free. Returns when, on the
   * same clock, the tick that will expire it begins: no earlier than the deadline (unless the deadline
   * has passed already), less than one tick later.
   *
   * @throws IllegalStateException if the node is armed already
   */
  long arm(N call, long deadlineNanos) {
    Node node = call;
    if (node.wheel != null) {
      throw new IllegalStateException("the node is armed already");
    }
    long tick = Math.ceilDiv(deadlineNanos - originNanos, tickNanos);
    if (tick <= doneTick) {
      // Its deadline has passed: the next tick takes it.
      tick = doneTick + 1;
    }
    node.deadlineNanos = deadlineNanos;
    node.wheel = this;
    append(node, (int) (tick & mask));
    size++;
    return originNanos + tick * tickNanos;
  }

  /** Cancels {@code node}; O(1). False, and harmless, if it is not armed here (never was, or expired). */
  boolean cancel(N call) {
    Node node = call;
    if (node.wheel != this) {
      return false;
    }
    remove(node);
    return true;
  }

  /**
   * Moves nodes whose deadline is at or before {@code nowNanos} to the expired list, for {@link #poll},
   * and returns how many it moved: every node whose tick has begun by {@code nowNanos}, and, after a
   * pause of more than a turn, every node that is due. Visits the slots of the ticks begun since the
   * last call, at most one turn's.
   */
  int expire(long nowNanos) {
    long nowTick = Math.floorDiv(nowNanos - originNanos, tickNanos);
    if (nowTick <= doneTick) {
      return 0;
    }
    long ticks = Math.min(nowTick - doneTick, heads.length - 1);
    int moved = 0;
    for (long tick = doneTick + 1; tick <= doneTick + ticks; tick++) {
      int slot = (int) (tick & mask);
      Node next;
      for (Node node = heads[slot]; node != null; node = next) {
        next = node.next;
        if (node.deadlineNanos - nowNanos <= 0) {
          unlink(node);
          append(node, expired);
          moved++;
        }
      }
    }
    doneTick = nowTick;
    return moved;
  }

  /** The next expired node, disarmed, in the order they expired; null if none. */
  N poll() {
    Node node = heads[expired];
    if (node == null) {
      return null;
    }
    remove(node);
    @SuppressWarnings("unchecked")
    N n = (N) node;
    return n;
  }

  /**
   * When {@link #expire} should run next, on the clock of {@link #arm}: no later than the tick at
   * which the first armed node is due (a lower bound; the node may be a turn or more ahead), and
   * already past if expired nodes wait to be polled. Only meaningful while {@link #size()} &gt; 0.
   */
  long nextTickNanos() {
    if (heads[expired] != null) {
      return originNanos + doneTick * tickNanos;
    }
    int slots = heads.length - 1;
    for (long tick = doneTick + 1; tick <= doneTick + slots; tick++) {
      if (heads[(int) (tick & mask)] != null) {
        return originNanos + tick * tickNanos;
      }
    }
    return originNanos + (doneTick + slots) * tickNanos;
  }

  /** Armed nodes, expired ones not yet polled included. */
  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  long tickNanos() {
    return tickNanos;
  }

  private void remove(Node node) {
    unlink(node);
    node.wheel = null;
    size--;
  }

  /** Appends to a list whose first node's prev is its last. */
  private void append(Node node, int list) {
    Node first = heads[list];
    node.list = list;
    node.next = null;
    if (first == null) {
      node.prev = node;
      heads[list] = node;
    } else {
      Node last = first.prev;
      last.next = node;
      node.prev = last;
      first.prev = node;
    }
  }

  private void unlink(Node node) {
    Node first = heads[node.list];
    Node next = node.next;
    if (node == first) {
      heads[node.list] = next;
      if (next != null) {
        next.prev = node.prev;
      }
    } else {
      node.prev.next = next;
      if (next != null) {
        next.prev = node.prev;
      } else {
        first.prev = node.prev;
      }
    }
    node.prev = null;
    node.next = null;
  }
}
