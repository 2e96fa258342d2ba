package io.axle.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link GroupExecutor#executeAll}: bursts handed to a group as one task, stalls, refusals. */
@Timeout(60)
class GroupBurstTest {

  private final List<AxleExecutor> created = new ArrayList<>();

  @AfterEach
  void shutDownExecutors() {
    created.forEach(e -> e.shutdown(Duration.ZERO));
  }

  private GroupExecutor build(GroupExecutor.Builder builder) {
    GroupExecutor executor = builder.build();
    created.add(executor);
    return executor;
  }

  @Test
  void burst_runsOnOneWorkerInOrder() throws InterruptedException {
    // A stall this long never happens here, even to a worker preempted on a busy machine.
    GroupExecutor executor = build(AxleExecutors.group("default").groups(1).threadsPerGroup(8)
        .burstStall(Duration.ofSeconds(30)));
    List<Integer> order = new CopyOnWriteArrayList<>();
    List<RecordedTask> burst = RecordedTask.recordingOrder(20, order);

    assertThat(executor.takesBursts()).isTrue();
    executor.executeAll(burst);

    for (RecordedTask task : burst) {
      assertThat(task.await()).isTrue();
    }
    Set<Thread> threads = ConcurrentHashMap.newKeySet();
    burst.forEach(task -> threads.add(task.ranOn));
    assertThat(threads).as("the workers that ran one burst of quick tasks").hasSize(1);
    assertThat(threads.iterator().next().getName()).startsWith("axle-default-g0-t");
    assertThat(order).as("the order the burst's tasks ran in").containsExactlyElementsOf(
        java.util.stream.IntStream.range(0, 20).boxed().toList());
    assertThat(burst).allMatch(task -> task.refusal == null);
    assertThat(executor.burstStalls()).isZero();
    awaitCompleted(executor, 20);
    assertThat(executor.stats().queued()).isZero();
  }

  @Test
  void burst_whoseTaskBlocks_isSharedOutToIdleWorkers() throws InterruptedException {
    GroupExecutor executor = build(AxleExecutors.group("default").groups(1).threadsPerGroup(4)
        .burstStall(Duration.ofMillis(1)));
    CountDownLatch othersRan = new CountDownLatch(3);
    // The first task waits for the three behind it: without sharing, the burst would never end.
    RecordedTask blocking = new RecordedTask(() -> GroupExecutorTest.awaitUninterruptibly(othersRan));
    List<RecordedTask> burst = new ArrayList<>(List.of(blocking));
    for (int i = 0; i < 3; i++) {
      burst.add(new RecordedTask(othersRan::countDown));
    }

    executor.executeAll(burst);

    for (RecordedTask task : burst) {
      assertThat(task.await()).isTrue();
    }
    assertThat(burst.get(1).ranOn).isNotSameAs(blocking.ranOn);
    assertThat(executor.burstStalls()).isEqualTo(1);
    awaitCompleted(executor, 4);
  }

  @Test
  void longBurstOfSlowTasks_isSharedOutToIdleWorkers_thoughNoneBlocks() throws InterruptedException {
    GroupExecutor executor = build(AxleExecutors.group("default").groups(1).threadsPerGroup(4)
        .burstStall(Duration.ofMillis(1)));
    List<RecordedTask> burst = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      // Each busy for 2 ms: 80 ms on one worker, which the watch shares out after about 1 ms.
      burst.add(new RecordedTask(() -> {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2);
        while (System.nanoTime() < end) {
          Thread.onSpinWait();
        }
      }));
    }

    executor.executeAll(burst);

    for (RecordedTask task : burst) {
      assertThat(task.await()).isTrue();
    }
    assertThat(burst.stream().map(task -> task.ranOn).distinct().count())
        .as("workers that ran the burst").isGreaterThan(1);
    assertThat(executor.burstStalls()).isEqualTo(1);
    awaitCompleted(executor, 40);
  }

  @Test
  void stallsAsASteadyShareOfBursts_pauseBurstHandOffForASecond() throws InterruptedException {
    GroupExecutor executor = build(AxleExecutors.group("default").groups(1).threadsPerGroup(4)
        .burstStall(Duration.ofMillis(1)));
    // Every burst stalls: each one's first task blocks until the task behind it has run.
    for (int i = 0; i < 5; i++) {
      CountDownLatch secondRan = new CountDownLatch(1);
      RecordedTask blocking = new RecordedTask(() -> GroupExecutorTest.awaitUninterruptibly(secondRan));
      RecordedTask second = new RecordedTask(secondRan::countDown);
      executor.executeAll(new ArrayList<>(List.of(blocking, second)));
      assertThat(blocking.await()).isTrue();
    }

    assertThat(executor.burstStalls()).isEqualTo(5);
    assertThat(executor.takesBursts()).as("burst hand-off after 5 stalls in 5 bursts").isFalse();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!executor.takesBursts() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    assertThat(executor.takesBursts()).as("burst hand-off once the pause is over").isTrue();
  }

  @Test
  void burst_largerThanTheRoomLeft_takesTheFirstAndRefusesTheRestAsOverloaded() throws InterruptedException {
    GroupExecutor executor = build(AxleExecutors.group("orders").groups(1).threadsPerGroup(1).maxQueueSize(3));
    CountDownLatch busy = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    executor.execute(() -> {
      busy.countDown();
      GroupExecutorTest.awaitUninterruptibly(release);
    });
    assertThat(busy.await(30, TimeUnit.SECONDS)).isTrue();
    executor.execute(() -> { });
    List<RecordedTask> burst = RecordedTask.tasks(4);

    executor.executeAll(burst);

    assertThat(burst.subList(0, 2)).allMatch(task -> task.refusal == null);
    assertThat(burst.get(2).refusal).isInstanceOf(ExecutorOverloadedException.class)
        .hasMessage("executor 'orders' group 0 is full: 1 threads busy, 3 requests queued"
            + " (raise axle.executor.orders.max-queue-size or axle.executor.orders.thread-per-group)");
    assertThat(burst.get(3).refusal).isSameAs(burst.get(2).refusal);
    ExecutorStats full = executor.stats();
    assertThat(full.queued()).isEqualTo(3);
    assertThat(full.rejected()).isEqualTo(2);
    assertThatThrownBy(() -> executor.execute(() -> { })).isInstanceOf(ExecutorOverloadedException.class);

    release.countDown();
    assertThat(burst.get(0).await()).isTrue();
    assertThat(burst.get(1).await()).isTrue();
    assertThat(executor.shutdown(Duration.ofSeconds(30))).isTrue();
    assertThat(executor.stats().completed()).isEqualTo(1 + 1 + 2);
  }

  @Test
  void burst_afterShutdown_isRefusedAsShutDownNotOverloaded() {
    GroupExecutor executor = build(AxleExecutors.group("default").groups(1).threadsPerGroup(1));
    executor.shutdown(Duration.ofSeconds(10));
    List<RecordedTask> burst = RecordedTask.tasks(2);

    executor.executeAll(burst);

    assertThat(burst).allSatisfy(task -> assertThat(task.refusal)
        .isInstanceOf(RejectedExecutionException.class)
        .isNotInstanceOf(ExecutorOverloadedException.class)
        .hasMessage("executor 'default' is shut down"));
    assertThat(executor.stats().rejected()).as("refusals after shutdown signal no capacity problem").isZero();
  }

  @Test
  void failingTaskOfABurst_doesNotCostTheRestTheirTurn() throws InterruptedException {
    GroupExecutor executor = build(AxleExecutors.group("default").groups(1).threadsPerGroup(1));
    AtomicReference<Throwable> reported = new AtomicReference<>();
    RecordedTask failing = new RecordedTask(() -> {
      Thread.currentThread().setUncaughtExceptionHandler((thread, e) -> reported.set(e));
      throw new IllegalStateException("handler bug (expected by the test)");
    });
    RecordedTask after = new RecordedTask();

    executor.executeAll(new ArrayList<>(List.of(failing, after)));

    assertThat(after.await()).isTrue();
    assertThat(after.ranOn).isSameAs(failing.ranOn);
    assertThat(reported.get()).hasMessage("handler bug (expected by the test)");
    RecordedTask later = new RecordedTask();
    executor.execute(later);
    assertThat(later.await()).isTrue();
  }

  @Test
  void handOffTask_takesNoBursts_andExecuteAllStillRunsEveryTask() throws InterruptedException {
    GroupExecutor executor = build(AxleExecutors.group("default").groups(1).threadsPerGroup(2).burstHandOff(false));
    List<RecordedTask> burst = RecordedTask.tasks(5);

    assertThat(executor.takesBursts()).isFalse();
    executor.executeAll(burst);

    for (RecordedTask task : burst) {
      assertThat(task.await()).isTrue();
      assertThat(task.refusal).isNull();
    }
    assertThat(executor.toString()).doesNotContain("bursts");
  }

  /** Tasks are counted completed just after they ran, so a test that saw them run waits for the count. */
  private static void awaitCompleted(GroupExecutor executor, long tasks) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (executor.stats().completed() < tasks && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(executor.stats().completed()).as("tasks completed, counted one by one").isEqualTo(tasks);
  }

  @Test
  void builder_rejectsABurstStallTooShortToWatch() {
    assertThatThrownBy(() -> AxleExecutors.group("default").configPrefix("axle.executor.default")
        .burstStall(Duration.ofNanos(50_000)).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("axle.executor.default.burst-stall: PT0.00005S (expected: a duration >= 100us: the watch "
            + "ticks every half of it)");
  }
}
