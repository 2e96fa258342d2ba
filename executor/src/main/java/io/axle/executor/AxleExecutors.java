package io.axle.executor;

import io.axle.executor.internal.InlineExecutor;
import io.axle.executor.internal.VirtualExecutor;
import io.axle.executor.internal.WrappedExecutor;
import java.time.Duration;
import java.util.concurrent.Executor;

/** Factories for the built-in executors. */
public final class AxleExecutors {

  private AxleExecutors() {}

  /**
   * Runs tasks directly on the calling thread, for handlers that never block. There is one shared
   * instance, named {@code inline}; since it owns nothing, shutting it down does nothing and it
   * keeps running tasks.
   */
  public static AxleExecutor inline() {
    return InlineExecutor.INSTANCE;
  }

  /**
   * Runs each task on a new virtual thread named {@code axle-virtual-<name>-<n>}; a burst handed over with
   * {@link AxleExecutor#executeAll} runs on one, its waiting tasks shared out to more 1 ms after its first began.
   */
  public static AxleExecutor virtual(String name) {
    return new VirtualExecutor(name);
  }

  /**
   * A virtual-thread executor whose bursts run on one virtual thread ({@code burstHandOff}), shared out to
   * more when tasks of one still wait {@code burstStall} after its first began (at least 100 µs), or each
   * task on its own thread.
   *
   * @throws IllegalArgumentException for a shorter stall, naming {@code axle.executor.<name>.burst-stall}
   */
  public static AxleExecutor virtual(String name, boolean burstHandOff, Duration burstStall) {
    GroupExecutor.Builder.checkBurstStall("axle.executor." + name, burstStall);
    return new VirtualExecutor(name, burstHandOff, burstStall);
  }

  /** Starts building a {@link GroupExecutor}. */
  public static GroupExecutor.Builder group(String name) {
    return new GroupExecutor.Builder(name);
  }

  /**
   * Wraps {@code executor} as a named {@link ExecutorKind#CUSTOM} executor. A {@link
   * java.util.concurrent.RejectedExecutionException} thrown by it propagates to the caller and is
   * counted as rejected.
   *
   * <p>The wrapper owns the executor: if it is an {@link java.util.concurrent.ExecutorService},
   * shutting the wrapper down shuts it down. To keep a shared service running, wrap {@code
   * service::execute} instead.
   */
  public static AxleExecutor wrap(String name, Executor executor) {
    return new WrappedExecutor(name, executor);
  }
}
