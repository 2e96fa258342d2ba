package io.axle.executor;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.executor.internal.VirtualExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link AxleExecutor#executeAll} on virtual threads: one thread per burst, shared out on a stall. */
@Timeout(60)
class VirtualBurstTest {

  @Test
  void burst_runsOnOneVirtualThreadInOrder() throws InterruptedException {
    // A stall this long never happens here, even to a carrier preempted on a busy machine.
    try (AxleExecutor executor = AxleExecutors.virtual("io", true, Duration.ofSeconds(30))) {
      List<Integer> order = new CopyOnWriteArrayList<>();
      List<RecordedTask> burst = RecordedTask.recordingOrder(10, order);

      assertThat(executor.takesBursts()).isTrue();
      executor.executeAll(burst);

      for (RecordedTask task : burst) {
        assertThat(task.await()).isTrue();
      }
      assertThat(burst).allMatch(task -> task.ranOn == burst.get(0).ranOn);
      assertThat(burst.get(0).ranOn.isVirtual()).isTrue();
      assertThat(order).containsExactlyElementsOf(IntStream.range(0, 10).boxed().toList());
    }
  }

  @Test
  void burst_whoseTaskBlocks_isSharedOutToMoreVirtualThreads() throws InterruptedException {
    try (AxleExecutor executor = AxleExecutors.virtual("io", true, Duration.ofMillis(1))) {
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
      assertThat(((VirtualExecutor) executor).burstStalls()).isEqualTo(1);
    }
  }

  @Test
  void handOffOff_runsEachTaskOfABurstOnItsOwnThread() throws InterruptedException {
    try (AxleExecutor executor = AxleExecutors.virtual("io", false, Duration.ofMillis(1))) {
      List<RecordedTask> burst = RecordedTask.tasks(3);

      assertThat(executor.takesBursts()).isFalse();
      executor.executeAll(burst);

      for (RecordedTask task : burst) {
        assertThat(task.await()).isTrue();
      }
      assertThat(burst.stream().map(task -> task.ranOn).distinct()).hasSize(3);
    }
  }

  @Test
  void burst_afterShutdown_isRefusedAsShutDown() {
    AxleExecutor executor = AxleExecutors.virtual("io");
    executor.shutdown(Duration.ofSeconds(10));
    List<RecordedTask> burst = RecordedTask.tasks(2);

    executor.executeAll(burst);

    assertThat(burst).allSatisfy(task -> assertThat(task.refusal)
        .isInstanceOf(RejectedExecutionException.class)
        .hasMessage("executor 'io' is shut down"));
  }
}
