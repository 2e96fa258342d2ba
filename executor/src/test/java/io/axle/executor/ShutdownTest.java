package io.axle.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

// The timeout only guards against hangs; no test depends on how fast anything runs.
@Timeout(60)
class ShutdownTest {

  private AxleExecutor executor;

  @AfterEach
  void shutDown() {
    if (executor != null) {
      executor.shutdown(Duration.ZERO);
    }
  }

  /** Executors that own threads, each able to run one task while more wait or run. */
  static Stream<Named<Supplier<AxleExecutor>>> executors() {
    return Stream.of(
        Named.of(
            "group",
            () -> AxleExecutors.group("pool").groups(1).threadsPerGroup(1).maxQueueSize(10).build()),
        Named.of("virtual", () -> AxleExecutors.virtual("pool")),
        Named.of("wrapped", () -> AxleExecutors.wrap("pool", Executors.newSingleThreadExecutor())));
  }

  @ParameterizedTest
  @MethodSource("executors")
  void shutdown_letsQueuedTasksFinish(Supplier<AxleExecutor> factory) throws Exception {
    executor = factory.get();
    CountDownLatch busy = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger ran = new AtomicInteger();
    executor.execute(
        () -> {
          busy.countDown();
          GroupExecutorTest.awaitUninterruptibly(release);
          ran.incrementAndGet();
        });
    assertThat(busy.await(30, TimeUnit.SECONDS)).isTrue();
    for (int i = 0; i < 5; i++) {
      executor.execute(ran::incrementAndGet);
    }
    AtomicBoolean finishedInTime = new AtomicBoolean();
    Thread stopper = new Thread(() -> finishedInTime.set(executor.shutdown(Duration.ofSeconds(30))));

    stopper.start();
    awaitRefusal(executor);
    release.countDown();
    stopper.join();

    assertThat(finishedInTime).isTrue();
    assertThat(ran).hasValue(6);
  }

  @ParameterizedTest
  @MethodSource("executors")
  void shutdown_rejectsNewTasks(Supplier<AxleExecutor> factory) {
    executor = factory.get();

    assertThat(executor.shutdown(Duration.ofSeconds(30))).isTrue();

    assertThatThrownBy(() -> executor.execute(() -> {}))
        .isExactlyInstanceOf(RejectedExecutionException.class)
        .hasMessage("executor 'pool' is shut down");
    assertThat(executor.stats().rejected()).isZero();
  }

  @ParameterizedTest
  @MethodSource("executors")
  void shutdown_interruptsAfterTimeout(Supplier<AxleExecutor> factory) throws Exception {
    executor = factory.get();
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    executor.execute(
        () -> {
          started.countDown();
          try {
            new CountDownLatch(1).await();
          } catch (InterruptedException e) {
            interrupted.countDown();
          }
        });
    assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();

    assertThat(executor.shutdown(Duration.ofMillis(1))).isFalse();

    assertThat(interrupted.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(executor.shutdown(Duration.ofSeconds(30))).isTrue();
  }

  @Test
  void shutdown_dropsTasksStillQueuedAfterTimeout() throws Exception {
    executor = AxleExecutors.group("pool").groups(1).threadsPerGroup(1).build();
    CountDownLatch started = new CountDownLatch(1);
    AtomicBoolean queuedRan = new AtomicBoolean();
    executor.execute(
        () -> {
          started.countDown();
          try {
            new CountDownLatch(1).await();
          } catch (InterruptedException e) {
            // let shutdown finish
          }
        });
    assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
    executor.execute(() -> queuedRan.set(true));

    assertThat(executor.shutdown(Duration.ofMillis(1))).isFalse();
    assertThat(executor.shutdown(Duration.ofSeconds(30))).isTrue();

    assertThat(queuedRan).isFalse();
  }

  /** Submits no-ops until the executor refuses one for being shut down. */
  private static void awaitRefusal(AxleExecutor executor) {
    while (true) {
      try {
        executor.execute(() -> {});
      } catch (ExecutorOverloadedException full) {
        // not shut down yet, only busy
      } catch (RejectedExecutionException e) {
        assertThat(e).hasMessage("executor 'pool' is shut down");
        return;
      }
      Thread.onSpinWait();
    }
  }
}
