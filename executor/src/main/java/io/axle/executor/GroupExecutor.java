package io.axle.executor;

import io.axle.executor.internal.Names;
import io.axle.executor.internal.Shutdowns;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Bounded pools of platform threads for handlers that block: {@code groups} groups, each one
 * queue of {@code maxQueueSize} tasks served by {@code threadsPerGroup} threads.
 *
 * <p>Each submitting thread is bound to one group, round-robin on its first submission, and stays
 * bound for good. An event loop thus always feeds the same queue, which keeps queues from being
 * contended by every event loop at once and keeps one busy event loop from spreading its backlog
 * over all threads.
 *
 * <p>A full group throws {@link ExecutorOverloadedException} at once rather than blocking the
 * event loop or queueing without bound.
 *
 * <p>Threads are daemon threads named {@code axle-<name>-g<group>-t<thread>} and are all started
 * when the executor is built, so that the first requests do not pay for thread creation.
 */
public final class GroupExecutor implements AxleExecutor {

  private final String name;
  private final String configPrefix;
  private final int threadsPerGroup;
  private final int maxQueueSize;
  private final Group[] groups;
  private final AtomicInteger nextGroup = new AtomicInteger();

  // A ThreadLocal makes the binding lookup on the hot path lock- and allocation-free, and lets
  // bindings of dead submitters be collected with them.
  private final ThreadLocal<Group> binding = ThreadLocal.withInitial(this::bindCurrentThread);

  // Only for groupOf(Thread): another thread's ThreadLocal cannot be read. Written once per
  // submitter, so the lock stays off the hot path; weak keys let dead submitters go.
  private final Map<Thread, Integer> boundGroups = new WeakHashMap<>();

  private GroupExecutor(Builder b) {
    this.name = b.name;
    this.configPrefix = b.configPrefix;
    this.threadsPerGroup = b.threadsPerGroup;
    this.maxQueueSize = b.maxQueueSize;
    this.groups = new Group[b.groups];
    for (int i = 0; i < groups.length; i++) {
      groups[i] = new Group(this, i);
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public ExecutorKind kind() {
    return ExecutorKind.GROUP;
  }

  public int groups() {
    return groups.length;
  }

  public int threadsPerGroup() {
    return threadsPerGroup;
  }

  public int maxQueueSize() {
    return maxQueueSize;
  }

  /**
   * {@inheritDoc}
   *
   * <p>The task goes to the calling thread's group.
   */
  @Override
  public void execute(Runnable task) {
    binding.get().execute(task);
  }

  private Group bindCurrentThread() {
    Group group = groups[Math.floorMod(nextGroup.getAndIncrement(), groups.length)];
    synchronized (boundGroups) {
      boundGroups.put(Thread.currentThread(), group.index);
    }
    return group;
  }

  /**
   * The index of the group {@code submitter} is bound to, or -1 if it has not submitted to this
   * executor yet.
   */
  public int groupOf(Thread submitter) {
    synchronized (boundGroups) {
      Integer index = boundGroups.get(submitter);
      return index == null ? -1 : index;
    }
  }

  /**
   * The group index of the current thread if it is a thread of a {@code GroupExecutor}, -1
   * otherwise. Lets a handler, or a test, tell which group it runs on.
   */
  public static int currentGroup() {
    return Thread.currentThread() instanceof PoolThread t ? t.group : -1;
  }

  @Override
  public ExecutorStats stats() {
    List<ExecutorStats> perGroup = new ArrayList<>(groups.length);
    int threads = 0;
    int active = 0;
    int queued = 0;
    long rejected = 0;
    long completed = 0;
    for (Group g : groups) {
      ExecutorStats s = g.stats();
      perGroup.add(s);
      threads += s.threads();
      active += s.active();
      queued += s.queued();
      rejected += s.rejected();
      completed += s.completed();
    }
    return new ExecutorStats(threads, active, queued, rejected, completed, perGroup);
  }

  @Override
  public boolean shutdown(Duration timeout) {
    return Shutdowns.shutdown(List.<ExecutorService>of(groups), timeout);
  }

  @Override
  public String toString() {
    return "GroupExecutor[" + name + ": " + groups.length + " groups x " + threadsPerGroup
        + " threads, queue " + maxQueueSize + "]";
  }

  /** One group: a pool whose fixed threads serve one bounded queue. */
  private static final class Group extends ThreadPoolExecutor {
    final int index;
    final LongAdder rejected = new LongAdder();

    Group(GroupExecutor owner, int index) {
      super(
          owner.threadsPerGroup,
          owner.threadsPerGroup,
          0,
          TimeUnit.MILLISECONDS,
          new LinkedBlockingQueue<>(owner.maxQueueSize),
          threadFactory(owner.name, index));
      this.index = index;
      setRejectedExecutionHandler(
          (task, pool) -> {
            if (pool.isShutdown()) {
              throw Shutdowns.rejectedAfterShutdown(owner.name);
            }
            rejected.increment();
            throw new ExecutorOverloadedException(
                owner.name, index, owner.threadsPerGroup, owner.maxQueueSize, owner.configPrefix);
          });
      prestartAllCoreThreads();
    }

    private static ThreadFactory threadFactory(String name, int group) {
      String prefix = "axle-" + name + "-g" + group + "-t";
      AtomicInteger next = new AtomicInteger();
      return task -> {
        Thread t = new PoolThread(task, prefix + next.getAndIncrement(), group);
        t.setDaemon(true);
        return t;
      };
    }

    ExecutorStats stats() {
      return new ExecutorStats(
          getPoolSize(),
          getActiveCount(),
          getQueue().size(),
          rejected.sum(),
          getCompletedTaskCount(),
          List.of());
    }
  }

  /** Carries its group index so that {@link #currentGroup()} need not parse thread names. */
  private static final class PoolThread extends Thread {
    final int group;

    PoolThread(Runnable task, String name, int group) {
      super(task, name);
      this.group = group;
    }
  }

  /**
   * Configures a {@link GroupExecutor}. Values are checked by {@link #build()}, and errors name
   * the configuration key under {@link #configPrefix(String)}.
   */
  public static final class Builder {
    private final String name;
    private String configPrefix;
    private int groups = 2;
    private int threadsPerGroup = 8;
    private int maxQueueSize = 10_000;

    Builder(String name) {
      this.name = Names.require(name);
      this.configPrefix = "axle.executor." + name;
    }

    /** Number of groups ({@code <prefix>.group}); default 2. */
    public Builder groups(int groups) {
      this.groups = groups;
      return this;
    }

    /** Threads in each group ({@code <prefix>.thread-per-group}); default 8. */
    public Builder threadsPerGroup(int threadsPerGroup) {
      this.threadsPerGroup = threadsPerGroup;
      return this;
    }

    /** Queue capacity of each group ({@code <prefix>.max-queue-size}); default 10000. */
    public Builder maxQueueSize(int maxQueueSize) {
      this.maxQueueSize = maxQueueSize;
      return this;
    }

    /**
     * The configuration prefix that error messages name keys under; default {@code
     * axle.executor.<name>}.
     */
    public Builder configPrefix(String configPrefix) {
      this.configPrefix = Names.require(configPrefix);
      return this;
    }

    /** Checks the settings and starts all threads. */
    public GroupExecutor build() {
      requireAtLeastOne("group", groups);
      requireAtLeastOne("thread-per-group", threadsPerGroup);
      requireAtLeastOne("max-queue-size", maxQueueSize);
      return new GroupExecutor(this);
    }

    private void requireAtLeastOne(String key, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(
            configPrefix + "." + key + ": " + value + " (expected: an integer >= 1)");
      }
    }
  }
}
