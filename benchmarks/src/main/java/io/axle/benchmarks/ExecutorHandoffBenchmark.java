package io.axle.benchmarks;

import io.axle.executor.AxleExecutor;
import io.axle.executor.AxleExecutors;
import io.axle.executor.RefusableTask;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What handing a call from the event loop to the operation's executor costs, for each kind, with the
 * executors as the runtime makes them by default ({@code group}: 2 groups x 8 threads, queue 10,000). The
 * benchmark thread plays the event loop. {@code single}: one task submitted and waited for, the latency
 * of a lone call (a worker woken from sleep each time). {@code batch}: {@value #BATCH} tasks submitted at
 * once and the last of them waited for, per task, as under the perf demo's 100 outstanding calls, where
 * workers find the queue non-empty. {@code burst}: {@value #BURST} tasks handed over together ({@link
 * AxleExecutor#executeAll}, as the provider hands over one event-loop iteration's requests), the last
 * waited for, per task: a read burst's size under that load. The task itself does nothing, so what is
 * measured is the hand-off.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ExecutorHandoffBenchmark {
  static final int BATCH = 100;
  static final int BURST = 5;

  @Param({"inline", "group", "virtual"})
  public String kind;

  private AxleExecutor executor;

  @Setup
  public void setUp() {
    executor = switch (kind) {
      case "inline" -> AxleExecutors.inline();
      case "group" -> AxleExecutors.group("bench").build();
      case "virtual" -> AxleExecutors.virtual("bench");
      default -> throw new IllegalArgumentException("kind: " + kind + " (expected: inline, group or virtual)");
    };
  }

  @TearDown
  public void tearDown() {
    executor.shutdown(Duration.ofSeconds(5));
  }

  /** One task, waited for. */
  @Benchmark
  public Object single() {
    CompletableFuture<Object> done = new CompletableFuture<>();
    executor.execute(() -> done.complete(Boolean.TRUE));
    return done.join();
  }

  /** {@value #BATCH} tasks in a row, then waiting for the last to finish; reported per task. */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public Object batch() {
    CompletableFuture<Object> done = new CompletableFuture<>();
    AtomicInteger left = new AtomicInteger(BATCH);
    Runnable task = () -> {
      if (left.decrementAndGet() == 0) {
        done.complete(Boolean.TRUE);
      }
    };
    for (int i = 0; i < BATCH; i++) {
      executor.execute(task);
    }
    return done.join();
  }

  /** {@value #BURST} tasks handed over as one burst, then waiting for the last to finish; reported per task. */
  @Benchmark
  @OperationsPerInvocation(BURST)
  public Object burst() {
    CompletableFuture<Object> done = new CompletableFuture<>();
    AtomicInteger left = new AtomicInteger(BURST);
    RefusableTask task = new RefusableTask() {
      @Override
      public void run() {
        if (left.decrementAndGet() == 0) {
          done.complete(Boolean.TRUE);
        }
      }

      @Override
      public void refused(RuntimeException why) {
        done.completeExceptionally(why);
      }
    };
    List<RefusableTask> tasks = new ArrayList<>(BURST);
    for (int i = 0; i < BURST; i++) {
      tasks.add(task);
    }
    executor.executeAll(tasks);
    return done.join();
  }
}
