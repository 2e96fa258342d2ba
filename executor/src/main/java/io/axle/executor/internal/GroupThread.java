package io.axle.executor.internal;

/** A thread of a grouped pool, carrying its group's index so that a handler can tell which group it runs on. */
public final class GroupThread extends Thread {
  private final int group;

  public GroupThread(Runnable task, String name, int group) {
    super(task, name);
    this.group = group;
  }

  public int group() {
    return group;
  }
}
