package io.axle.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

// The timeout only guards against hangs: a blocking execute() would otherwise stall the build.
@Timeout(60)
class GroupExecutorTest {

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
  void group_namesDaemonThreadsByGroupAndIndex() throws InterruptedException {
    GroupExecutor executor =
        build(AxleExecutors.group("default").groups(1).threadsPerGroup(2));
    AtomicReference<Thread> ranOn = new AtomicReference<>();
    CountDownLatch done = new CountDownLatch(1);

    executor.execute(
        () -> {
          ranOn.set(Thread.currentThread());
          done.countDown();
        });

    assertThat(done.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(ranOn.get().getName()).matches("axle-default-g0-t[01]");
    assertThat(ranOn.get().isDaemon()).isTrue();
    assertThat(executor.kind()).isEqualTo(ExecutorKind.GROUP);
    assertThat(executor.name()).isEqualTo("default");
  }

  @Test
  void group_bindsEachSubmitterToOneGroupRoundRobin() throws InterruptedException {
    GroupExecutor executor =
        build(AxleExecutors.group("default").groups(3).threadsPerGroup(2));
    int submitters = 6;
    int tasksEach = 50;
    List<Set<Integer>> groupsSeen = new ArrayList<>();
    List<Set<String>> threadsSeen = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    CountDownLatch allDone = new CountDownLatch(submitters * tasksEach);

    for (int i = 0; i < submitters; i++) {
      Set<Integer> groups = ConcurrentHashMap.newKeySet();
      Set<String> names = ConcurrentHashMap.newKeySet();
      groupsSeen.add(groups);
      threadsSeen.add(names);
      Thread submitter =
          new Thread(
              () -> {
                for (int t = 0; t < tasksEach; t++) {
                  executor.execute(
                      () -> {
                        groups.add(GroupExecutor.currentGroup());
                        names.add(Thread.currentThread().getName());
                        allDone.countDown();
                      });
                }
              },
              "submitter-" + i);
      assertThat(executor.groupOf(submitter)).isEqualTo(-1);
      threads.add(submitter);
      // One after the other, so that first submissions, hence bindings, happen in a known order.
      submitter.start();
      submitter.join();
    }
    assertThat(allDone.await(30, TimeUnit.SECONDS)).isTrue();

    List<Integer> bound = new ArrayList<>();
    for (int i = 0; i < submitters; i++) {
      int group = executor.groupOf(threads.get(i));
      bound.add(group);
      assertThat(groupsSeen.get(i)).as("groups that ran submitter %d's tasks", i)
          .containsExactly(group);
      assertThat(threadsSeen.get(i))
          .as("threads that ran submitter %d's tasks", i)
          .allMatch(name -> name.startsWith("axle-default-g" + group + "-t"));
    }
    assertThat(bound).containsExactly(0, 1, 2, 0, 1, 2);
    assertThat(GroupExecutor.currentGroup()).isEqualTo(-1);
  }

  @Test
  void group_fullQueue_rejectsAtOnceWithOverloadError() throws InterruptedException {
    GroupExecutor executor =
        build(
            AxleExecutors.group("default")
                .groups(2)
                .threadsPerGroup(2)
                .maxQueueSize(3)
                .configPrefix("axle.executor.default"));
    // Another submitter takes group 0, so this thread is bound to group 1.
    runOnNewThread(() -> executor.execute(() -> {}));
    CountDownLatch workersBusy = new CountDownLatch(2);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger queuedRan = new AtomicInteger();
    for (int i = 0; i < 2; i++) {
      executor.execute(
          () -> {
            workersBusy.countDown();
            awaitUninterruptibly(release);
          });
    }
    assertThat(workersBusy.await(30, TimeUnit.SECONDS)).isTrue();
    for (int i = 0; i < 3; i++) {
      executor.execute(queuedRan::incrementAndGet);
    }

    assertThatThrownBy(() -> executor.execute(queuedRan::incrementAndGet))
        .isInstanceOfSatisfying(
            ExecutorOverloadedException.class,
            e -> {
              assertThat(e.executorName()).isEqualTo("default");
              assertThat(e.group()).isEqualTo(1);
              assertThat(e.threads()).isEqualTo(2);
              assertThat(e.queueCapacity()).isEqualTo(3);
            })
        .hasMessage(
            "executor 'default' group 1 is full: 2 threads busy, 3 requests queued"
                + " (raise axle.executor.default.max-queue-size"
                + " or axle.executor.default.thread-per-group)");
    ExecutorStats full = executor.stats();
    assertThat(full.rejected()).isEqualTo(1);
    assertThat(full.groups().get(1).rejected()).isEqualTo(1);
    assertThat(full.groups().get(1).queued()).isEqualTo(3);
    assertThat(full.groups().get(1).active()).isEqualTo(2);
    assertThat(full.groups().get(0).rejected()).isZero();

    release.countDown();
    assertThat(executor.shutdown(Duration.ofSeconds(30))).isTrue();
    assertThat(queuedRan).hasValue(3);
    assertThat(executor.stats().completed()).isEqualTo(1 + 2 + 3);
  }

  @Test
  void group_overloadMessageNamesKeysUnderTheDefaultPrefix() throws InterruptedException {
    GroupExecutor executor =
        build(AxleExecutors.group("orders").groups(1).threadsPerGroup(1).maxQueueSize(1));
    CountDownLatch busy = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    executor.execute(
        () -> {
          busy.countDown();
          awaitUninterruptibly(release);
        });
    assertThat(busy.await(30, TimeUnit.SECONDS)).isTrue();
    executor.execute(() -> {});

    try {
      assertThatThrownBy(() -> executor.execute(() -> {}))
          .isInstanceOf(ExecutorOverloadedException.class)
          .hasMessage(
              "executor 'orders' group 0 is full: 1 threads busy, 1 requests queued"
                  + " (raise axle.executor.orders.max-queue-size"
                  + " or axle.executor.orders.thread-per-group)");
    } finally {
      release.countDown();
    }
  }

  @Test
  void group_statsReportPrestartedThreadsPerGroup() {
    GroupExecutor executor =
        build(AxleExecutors.group("default").groups(2).threadsPerGroup(3).maxQueueSize(5));

    ExecutorStats stats = executor.stats();

    assertThat(stats.threads()).isEqualTo(6);
    assertThat(stats.groups()).hasSize(2).allMatch(g -> g.threads() == 3 && g.groups().isEmpty());
    assertThat(executor.groups()).isEqualTo(2);
    assertThat(executor.threadsPerGroup()).isEqualTo(3);
    assertThat(executor.maxQueueSize()).isEqualTo(5);
  }

  @Test
  void group_failingTaskDoesNotStopTheGroup() throws InterruptedException {
    GroupExecutor executor =
        build(AxleExecutors.group("default").groups(1).threadsPerGroup(1));
    CountDownLatch ran = new CountDownLatch(1);

    executor.execute(
        () -> {
          throw new IllegalStateException("handler bug (expected by the test)");
        });
    executor.execute(ran::countDown);

    assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void builder_rejectsGroupsBelowOne() {
    assertThatThrownBy(() -> AxleExecutors.group("default").groups(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("axle.executor.default.group: 0 (expected: an integer >= 1)");
  }

  @Test
  void builder_rejectsThreadsPerGroupBelowOne() {
    assertThatThrownBy(() -> AxleExecutors.group("default").threadsPerGroup(-2).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("axle.executor.default.thread-per-group: -2 (expected: an integer >= 1)");
  }

  @Test
  void builder_rejectsMaxQueueSizeBelowOne() {
    assertThatThrownBy(() -> AxleExecutors.group("default").maxQueueSize(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("axle.executor.default.max-queue-size: 0 (expected: an integer >= 1)");
  }

  @Test
  void builder_namesKeysUnderTheConfiguredPrefix() {
    assertThatThrownBy(
            () -> AxleExecutors.group("default").configPrefix("my.pool").groups(0).build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("my.pool.group: 0 (expected: an integer >= 1)");
  }

  @Test
  void builder_rejectsBlankName() {
    assertThatThrownBy(() -> AxleExecutors.group(" "))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("executor name: ' ' (expected: a non-blank name)");
  }

  private static void runOnNewThread(Runnable action) throws InterruptedException {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = new Thread(action);
    t.setUncaughtExceptionHandler((thread, e) -> failure.set(e));
    t.start();
    t.join();
    assertThat(failure.get()).isNull();
  }

  static void awaitUninterruptibly(CountDownLatch latch) {
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
