package io.axle.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class VirtualExecutorTest {

  @Test
  void virtual_runsOnVirtualThread() throws InterruptedException {
    try (AxleExecutor executor = AxleExecutors.virtual("io")) {
      AtomicReference<Thread> ranOn = new AtomicReference<>();
      CountDownLatch done = new CountDownLatch(1);

      executor.execute(
          () -> {
            ranOn.set(Thread.currentThread());
            done.countDown();
          });

      assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
      assertThat(ranOn.get().isVirtual()).isTrue();
      assertThat(ranOn.get().getName()).startsWith("axle-virtual-io-");
      assertThat(executor.kind()).isEqualTo(ExecutorKind.VIRTUAL);
      assertThat(executor.name()).isEqualTo("io");
    }
  }

  @Test
  void virtual_statsCountRunningAndCompletedTasks() throws InterruptedException {
    AxleExecutor executor = AxleExecutors.virtual("io");
    CountDownLatch started = new CountDownLatch(2);
    CountDownLatch release = new CountDownLatch(1);
    for (int i = 0; i < 2; i++) {
      executor.execute(
          () -> {
            started.countDown();
            awaitUninterruptibly(release);
          });
    }
    assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();

    assertThat(executor.stats().active()).isEqualTo(2);
    assertThat(executor.stats().threads()).isEqualTo(2);

    release.countDown();
    assertThat(executor.shutdown(Duration.ofSeconds(30))).isTrue();
    assertThat(executor.stats())
        .isEqualTo(new ExecutorStats(0, 0, 0, 0, 2, java.util.List.of()));
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    while (true) {
      try {
        latch.await();
        return;
      } catch (InterruptedException ignored) {
        // the test decides when this task ends
      }
    }
  }
}
