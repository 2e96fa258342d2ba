package io.axle.executor.internal;

/**
 * A thread of a grouped pool. It carries its group's index, so that a handler can tell which group it
 * runs on without parsing names, and, while it runs a task of a {@link SharedBatch}, that batch and the
 * {@link BurstWatch} tick at which the task began: what the watch reads to find a stalled burst.
 */
public final class GroupThread extends Thread {
  private final int group;
  /** The batch whose task this thread runs now; null between batches. Read by the watch. */
  volatile SharedBatch batch;
  /** The watch's tick when the current task of {@link #batch} began. Read by the watch. */
  volatile long startedTick;

  public GroupThread(Runnable task, String name, int group) {
    super(task, name);
    this.group = group;
  }

  public int group() {
    return group;
  }
}
