package io.axle.executor;

import io.axle.executor.internal.BurstWatch;
import io.axle.executor.internal.Names;
import io.axle.executor.internal.SharedBatch;
import io.axle.executor.internal.Shutdowns;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
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
 * event loop or queueing without bound. {@code maxQueueSize} counts tasks, however they were handed
 * over.
 *
 * <p><b>Bursts.</b> With burst hand-off on (the default), {@link #executeAll} hands a burst of tasks
 * (the requests one event-loop iteration read) to the group as one queue entry: one worker is woken
 * for the burst instead of one per task, and the others of the group stay parked. That worker runs
 * the burst's tasks in order. Tasks still waiting {@code burstStall} after the first began (one of
 * them blocks, or they are many and slow) are shared out to idle workers. When that happens to a
 * steady share of bursts, bursts are handed over task by task for a second: handlers that block or
 * take long are better each on a worker of its own. docs/threading.md has the measurements.
 *
 * <p>Threads are daemon threads named {@code axle-<name>-g<group>-t<thread>} and are all started
 * when the executor is built, so that the first requests do not pay for thread creation.
 */
public final class GroupExecutor implements AxleExecutor {

  private final String name;
  private final String configPrefix;
  private final int threadsPerGroup;
  private final int maxQueueSize;
  private final boolean burstHandOff;
  private final Duration burstStall;
  private final BurstWatch watch;
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
    this.burstHandOff = b.burstHandOff;
    this.burstStall = b.burstStall;
    this.watch = new BurstWatch(name, b.burstStall);
    this.groups = new Group[b.groups];
    for (int i = 0; i < groups.length; i++) {
      groups[i] = new Group(this, i);
    }
    if (burstHandOff) {
      watch.start();
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

  /** Whether bursts are handed to a group as one task ({@link Builder#burstHandOff}). */
  public boolean burstHandOff() {
    return burstHandOff;
  }

  /** How long after a burst's first task began its waiting tasks are shared out. */
  public Duration burstStall() {
    return burstStall;
  }

  /**
   * Bursts whose waiting tasks were shared out because they still waited {@link #burstStall()} after the
   * burst's first task began, since the executor was built.
   */
  public long burstStalls() {
    return watch.stalls();
  }

  /** True while burst hand-off is on and not paused by frequent stalls. */
  @Override
  public boolean takesBursts() {
    return burstHandOff && watch.handOff();
  }

  /**
   * {@inheritDoc}
   *
   * <p>The tasks go to the calling thread's group, as one queue entry when there are several and
   * burst hand-off is on. When the group has room for only some, the first ones are taken and the
   * rest refused with {@link ExecutorOverloadedException}.
   */
  @Override
  public void executeAll(List<? extends RefusableTask> tasks) {
    binding.get().executeAll(tasks);
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
    return Thread.currentThread() instanceof GroupThread t ? t.group : -1;
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
    watch.stop();
    return Shutdowns.shutdown(List.<ExecutorService>of(groups), timeout);
  }

  @Override
  public String toString() {
    return "GroupExecutor[" + name + ": " + groups.length + " groups x " + threadsPerGroup
        + " threads, queue " + maxQueueSize + (burstHandOff ? ", bursts" : "") + "]";
  }

  /**
   * One group: a pool whose fixed threads serve one queue, bounded by a count of the tasks it holds
   * (a burst is one entry of several tasks).
   */
  private static final class Group extends ThreadPoolExecutor implements SharedBatch.Owner {
    final GroupExecutor owner;
    final int index;
    final LongAdder rejected = new LongAdder();
    final LongAdder completed = new LongAdder();
    /** Tasks taken and not started yet: what {@code maxQueueSize} bounds. */
    final AtomicInteger queued = new AtomicInteger();

    Group(GroupExecutor owner, int index) {
      super(
          owner.threadsPerGroup,
          owner.threadsPerGroup,
          0,
          TimeUnit.MILLISECONDS,
          new LinkedBlockingQueue<>(),
          threadFactory(owner, index));
      this.owner = owner;
      this.index = index;
      // The queue is unbounded (the count bounds it), so a refusal here is a shutdown.
      setRejectedExecutionHandler((task, pool) -> {
        throw Shutdowns.rejectedAfterShutdown(owner.name);
      });
      prestartAllCoreThreads();
    }

    private static ThreadFactory threadFactory(GroupExecutor owner, int group) {
      String prefix = "axle-" + owner.name + "-g" + group + "-t";
      AtomicInteger next = new AtomicInteger();
      return task -> {
        GroupThread t = new GroupThread(task, prefix + next.getAndIncrement(), group);
        t.setDaemon(true);
        return t;
      };
    }

    @Override
    public void execute(Runnable task) {
      if (isShutdown()) {
        throw Shutdowns.rejectedAfterShutdown(owner.name);
      }
      if (reserve(1) == 0) {
        throw overloaded(1);
      }
      try {
        super.execute(task);
      } catch (RejectedExecutionException e) {
        queued.decrementAndGet();
        throw e;
      }
    }

    void executeAll(List<? extends RefusableTask> tasks) {
      int size = tasks.size();
      if (size == 0) {
        return;
      }
      if (isShutdown()) {
        refuse(tasks, 0, size, Shutdowns.rejectedAfterShutdown(owner.name));
        return;
      }
      int taken = reserve(size);
      if (taken < size) {
        refuse(tasks, taken, size, overloaded(size - taken));
      }
      if (taken == 0) {
        return;
      }
      Runnable entry;
      if (taken == 1) {
        entry = tasks.get(0);
      } else {
        entry = new SharedBatch(this, owner.watch, taken == size ? tasks : tasks.subList(0, taken));
        owner.watch.burstHandedOver();
      }
      try {
        super.execute(entry);
      } catch (RejectedExecutionException e) {
        queued.addAndGet(-taken);
        refuse(tasks, 0, taken, e);
      }
    }

    /** Counts up to {@code wanted} tasks in, as many as the queue has room for; returns how many. */
    private int reserve(int wanted) {
      while (true) {
        int now = queued.get();
        int taken = Math.min(wanted, owner.maxQueueSize - now);
        if (taken <= 0) {
          return 0;
        }
        if (queued.compareAndSet(now, now + taken)) {
          return taken;
        }
      }
    }

    private ExecutorOverloadedException overloaded(int refused) {
      rejected.add(refused);
      return new ExecutorOverloadedException(
          owner.name, index, owner.threadsPerGroup, owner.maxQueueSize, owner.configPrefix);
    }

    private static void refuse(List<? extends RefusableTask> tasks, int from, int to, RuntimeException why) {
      for (int i = from; i < to; i++) {
        tasks.get(i).refused(why);
      }
    }

    @Override
    protected void beforeExecute(Thread worker, Runnable task) {
      if (!(task instanceof SharedBatch)) {
        queued.decrementAndGet();
      }
    }

    @Override
    protected void afterExecute(Runnable task, Throwable failure) {
      if (!(task instanceof SharedBatch)) {
        completed.increment();
      }
    }

    @Override
    public void taskStarted() {
      queued.decrementAndGet();
    }

    @Override
    public void taskEnded() {
      completed.increment();
    }

    @Override
    public boolean stopping() {
      return isShutdown();
    }

    @Override
    public void help(SharedBatch batch, int helpers) {
      for (int i = Math.min(helpers, owner.threadsPerGroup - 1); i > 0; i--) {
        try {
          super.execute(batch);
        } catch (RejectedExecutionException e) {
          // Shut down: the worker that runs the batch takes the rest once its task ends.
          return;
        }
      }
    }

    ExecutorStats stats() {
      return new ExecutorStats(
          getPoolSize(),
          getActiveCount(),
          Math.max(0, queued.get()),
          rejected.sum(),
          completed.sum(),
          List.of());
    }
  }

  /** Carries its group index so that {@link #currentGroup()} need not parse thread names. */
  private static final class GroupThread extends Thread {
    final int group;

    GroupThread(Runnable task, String name, int group) {
      super(task, name);
      this.group = group;
    }
  }

  /**
   * Configures a {@link GroupExecutor}. Values are checked by {@link #build()}, and errors name
   * the configuration key under {@link #configPrefix(String)}.
   */
  public static final class Builder {
    private static final Duration MIN_BURST_STALL = Duration.ofNanos(100_000);
    private final String name;
    private String configPrefix;
    private int groups = 2;
    private int threadsPerGroup = 8;
    private int maxQueueSize = 10_000;
    private boolean burstHandOff = true;
    private Duration burstStall = Duration.ofMillis(1);

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
     * Whether a burst handed over with {@link GroupExecutor#executeAll} goes to the group as one task
     * ({@code <prefix>.hand-off}: {@code burst}, the default) or task by task ({@code task}).
     */
    public Builder burstHandOff(boolean burstHandOff) {
      this.burstHandOff = burstHandOff;
      return this;
    }

    /**
     * How long after a burst's first task began its waiting tasks are shared out to idle workers
     * ({@code <prefix>.burst-stall}); default 1 ms, at least 100 µs.
     */
    public Builder burstStall(Duration burstStall) {
      this.burstStall = burstStall;
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
      checkBurstStall(configPrefix, burstStall);
      return new GroupExecutor(this);
    }

    static void checkBurstStall(String configPrefix, Duration burstStall) {
      if (burstStall == null || burstStall.compareTo(MIN_BURST_STALL) < 0) {
        throw new IllegalArgumentException(configPrefix + ".burst-stall: " + burstStall
            + " (expected: a duration >= 100us: the watch ticks every half of it)");
      }
    }

    private void requireAtLeastOne(String key, int value) {
      if (value < 1) {
        throw new IllegalArgumentException(
            configPrefix + "." + key + ": " + value + " (expected: an integer >= 1)");
      }
    }
  }
}
