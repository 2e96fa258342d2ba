package io.axle.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link BurstWakes}: a burst's tasks put their wake-ups off while tasks of the burst wait, and
 * every one is made before the burst's last task starts, when the burst stalls, or when its run ends.
 */
@Timeout(60)
class BurstWakesTest {
  private final List<AxleExecutor> created = new ArrayList<>();

  @AfterEach
  void shutDownExecutors() {
    created.forEach(e -> e.shutdown(Duration.ZERO));
  }

  private AxleExecutor created(AxleExecutor executor) {
    created.add(executor);
    return executor;
  }

  private AxleExecutor build(String kind, Duration stall) {
    AxleExecutor executor = kind.equals("group")
        ? AxleExecutors.group("default").groups(1).threadsPerGroup(4).burstStall(stall).build()
        : AxleExecutors.virtual("default", true, stall);
    created.add(executor);
    return executor;
  }

  @ParameterizedTest
  @ValueSource(strings = {"group", "virtual"})
  void wakesOfABurst_waitForItsLastTask_andAreMadeBeforeItStarts(String kind) throws InterruptedException {
    // No stall in this test: the wakes go when the tasks say, not when a watch finds one.
    AxleExecutor executor = build(kind, Duration.ofSeconds(30));
    List<String> events = new CopyOnWriteArrayList<>();
    Function<Integer, RecordedTask> task = i -> new RecordedTask(() -> {
      events.add("run " + i);
      boolean putOff = BurstWakes.putOff(() -> events.add("wake " + i));
      events.add("put off " + i + ": " + putOff);
    });
    List<RecordedTask> burst = new ArrayList<>(List.of(task.apply(1), task.apply(2), task.apply(3)));

    executor.executeAll(burst);

    for (RecordedTask recorded : burst) {
      assertThat(recorded.await()).isTrue();
    }
    assertThat(events).as("what the burst's tasks and their wakes did, in order").containsExactly(
        "run 1", "put off 1: true",
        "run 2", "put off 2: true",
        "wake 1", "wake 2",
        // Nothing waits behind the last task: its wake is made at once, by the caller.
        "run 3", "put off 3: false");
  }

  @Test
  void wakesPutOff_areMadeByTheWatch_whenTheBurstStalls_andNothingIsPutOffAfter() throws InterruptedException {
    // One worker, so no helper takes the last task (and makes the wake itself); a stall long enough that
    // a worker preempted between its first task's start and its put-off does not count as one.
    AxleExecutor executor = created(AxleExecutors.group("default").groups(1).threadsPerGroup(1)
        .burstStall(Duration.ofMillis(200)).build());
    CountDownLatch woken = new CountDownLatch(1);
    List<String> wokenBy = new CopyOnWriteArrayList<>();
    List<Boolean> wokenWhileBlocked = new CopyOnWriteArrayList<>();
    List<Boolean> putOffAfterTheStall = new CopyOnWriteArrayList<>();
    RecordedTask putsOff = new RecordedTask(() -> assertThat(BurstWakes.putOff(() -> {
      wokenBy.add(Thread.currentThread().getName());
      woken.countDown();
    })).isTrue());
    // Blocks until the first task's wake was made: with a third task waiting behind it, only the watch
    // can make it, once it finds the burst stalled.
    RecordedTask blocks = new RecordedTask(() -> {
      wokenWhileBlocked.add(await(woken));
      putOffAfterTheStall.add(BurstWakes.putOff(() -> { }));
    });
    RecordedTask waits = new RecordedTask();

    executor.executeAll(new ArrayList<>(List.of(putsOff, blocks, waits)));

    assertThat(blocks.await()).isTrue();
    assertThat(wokenWhileBlocked).as("the first task's wake made while the second blocked").containsExactly(true);
    assertThat(wokenBy).as("the thread that made it").containsExactly("axle-default-watch");
    assertThat(putOffAfterTheStall).as("a wake put off once the burst stalled").containsExactly(false);
    assertThat(waits.await()).isTrue();
    assertThat(putsOff.refusal).isNull();
  }

  @Test
  void wakesPutOff_areMadeWhenTheExecutorShutsDown() throws InterruptedException {
    AxleExecutor executor = created(AxleExecutors.group("default").groups(1).threadsPerGroup(1)
        .burstStall(Duration.ofSeconds(30)).build());
    CountDownLatch woken = new CountDownLatch(1);
    CountDownLatch putOff = new CountDownLatch(1);
    List<Boolean> wokenWhileBlocked = new CopyOnWriteArrayList<>();
    RecordedTask putsOff = new RecordedTask(() -> {
      assertThat(BurstWakes.putOff(woken::countDown)).isTrue();
      putOff.countDown();
    });
    RecordedTask blocks = new RecordedTask(() -> wokenWhileBlocked.add(await(woken)));

    executor.executeAll(new ArrayList<>(List.of(putsOff, blocks, new RecordedTask())));
    assertThat(putOff.await(30, TimeUnit.SECONDS)).isTrue();
    // A graceful shutdown waits for the blocked task; the wake put off before it must not.
    Thread stopper = Thread.ofPlatform().start(() -> executor.shutdown(Duration.ofSeconds(30)));

    assertThat(blocks.await()).isTrue();
    assertThat(wokenWhileBlocked).as("the wake made by the shutdown, while the task blocked").containsExactly(true);
    stopper.join(30_000);
  }

  @Test
  void outsideABurst_nothingIsPutOff() throws InterruptedException {
    assertThat(BurstWakes.putOff(() -> { })).as("on the test's thread").isFalse();
    AxleExecutor executor = build("group", Duration.ofSeconds(30));
    List<Boolean> putOff = new CopyOnWriteArrayList<>();
    CountDownLatch ran = new CountDownLatch(1);
    executor.execute(() -> {
      putOff.add(BurstWakes.putOff(() -> { }));
      ran.countDown();
    });
    assertThat(ran.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(putOff).as("a task handed over alone").containsExactly(false);
  }

  private static boolean await(CountDownLatch latch) {
    try {
      return latch.await(20, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}
