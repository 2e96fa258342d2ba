package io.axle.transport.calls;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.executor.AxleExecutor;
import io.axle.executor.AxleExecutors;
import io.axle.executor.RefusableTask;
import io.netty.channel.DefaultEventLoop;
import io.netty.channel.IoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalIoHandler;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The outbox on a real Netty event loop: items from other threads reach the sink on the loop, in
 * batches with one flush each (on an I/O loop, one per loop iteration); an item submitted on the loop
 * is taken at once; writes inside a read burst are flushed once, at its end.
 */
class LoopOutboxTest {
  private final DefaultEventLoop loop = new DefaultEventLoop();
  private final List<String> taken = new CopyOnWriteArrayList<>();
  private final List<Thread> takers = new CopyOnWriteArrayList<>();
  private final AtomicInteger flushes = new AtomicInteger();
  private final LoopOutbox.Sink<String> sink = new LoopOutbox.Sink<>() {
    @Override
    public boolean take(String item) {
      if (item.equals("throws")) {
        throw new IllegalStateException("a listener threw");
      }
      taken.add(item);
      takers.add(Thread.currentThread());
      return !item.startsWith("failed");
    }

    @Override
    public void flush() {
      flushes.incrementAndGet();
    }

    @Override
    public void discard(String item) {
      discardedByTheOutbox.add(item);
    }
  };
  private final LoopOutbox<String> outbox = new LoopOutbox<>(loop::inEventLoop, loop, sink);
  private final List<String> discardedByTheOutbox = new CopyOnWriteArrayList<>();

  @AfterEach
  void stop() {
    loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  @Test
  void itemsFromOtherThreads_areTakenOnTheLoop_withOneFlushPerBatch() throws Exception {
    CountDownLatch held = holdLoop();
    for (int i = 0; i < 100; i++) {
      outbox.submit("call-" + i);
    }
    held.countDown();
    onLoop(() -> { });
    assertThat(taken).hasSize(100).startsWith("call-0", "call-1").endsWith("call-99");
    assertThat(takers).allMatch(t -> t != Thread.currentThread()).hasSize(100);
    assertThat(flushes.get()).isEqualTo(1);
  }

  @Test
  void aBatchThatWroteNothing_isNotFlushed() throws Exception {
    outbox.submit("failed-1");
    onLoop(() -> { });
    assertThat(taken).containsExactly("failed-1");
    assertThat(flushes.get()).isZero();
  }

  @Test
  void onTheLoop_anItemIsTakenAtOnce_andWritesOfAReadBurstAreFlushedOnceAtItsEnd() throws Exception {
    onLoop(() -> {
      outbox.readStarted();
      outbox.submit("a");
      // Taken before submit returned: no queue, no wake-up.
      assertThat(taken).containsExactly("a");
      outbox.submit("b");
      outbox.flushSoon();
      assertThat(flushes.get()).isZero();
      outbox.readCompleted();
      assertThat(flushes.get()).isEqualTo(1);
    });
    assertThat(taken).containsExactly("a", "b");
  }

  @Test
  void onTheLoopOutsideABurst_theFlushComesOnceTheLoopHasRunItsCurrentTask() throws Exception {
    onLoop(() -> {
      outbox.submit("a");
      outbox.submit("b");
      assertThat(flushes.get()).isZero();
    });
    onLoop(() -> { });
    assertThat(flushes.get()).isEqualTo(1);
  }

  @Test
  void queuedItemsCanBeDiscardedInsteadOfTaken() throws Exception {
    List<String> discarded = new CopyOnWriteArrayList<>();
    CountDownLatch held = holdLoop();
    loop.execute(() -> outbox.discardQueued(discarded::add));
    outbox.submit("x");
    outbox.submit("y");
    held.countDown();
    onLoop(() -> { });
    assertThat(discarded).containsExactly("x", "y");
    assertThat(taken).isEmpty();
  }

  @Test
  void anItemWhoseTakeThrows_doesNotKeepTheOthersUnflushedOrQueued() throws Exception {
    CountDownLatch held = holdLoop();
    outbox.submit("a");
    outbox.submit("throws");
    outbox.submit("b");
    held.countDown();
    onLoop(() -> { });
    assertThat(taken).containsExactly("a", "b");
    assertThat(flushes.get()).isEqualTo(1);
  }

  @Test
  void itemsSubmittedOnceTheLoopIsGone_areDiscarded_notLost() {
    loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    outbox.submit("late");
    assertThat(taken).isEmpty();
    assertThat(discardedByTheOutbox).containsExactly("late");
  }

  @Test
  void onAnIoLoop_theDrainsOfOneIterationShareOneFlush_madeAsTheIterationEnds() throws Exception {
    MultiThreadIoEventLoopGroup group = new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
    try {
      IoEventLoop ioLoop = group.next();
      AtomicInteger ioFlushes = new AtomicInteger();
      List<String> ioTaken = new CopyOnWriteArrayList<>();
      LoopOutbox<String> ioOutbox = new LoopOutbox<>(ioLoop::inEventLoop, ioLoop, new LoopOutbox.Sink<>() {
        @Override
        public boolean take(String item) {
          ioTaken.add(item);
          return true;
        }

        @Override
        public void flush() {
          ioFlushes.incrementAndGet();
        }

        @Override
        public void discard(String item) {
        }
      }, true);
      List<Integer> flushesSeenInTheTask = new CopyOnWriteArrayList<>();
      ioLoop.submit(() -> {
        for (String item : List.of("x", "y")) {
          // Queued by another thread, as a blocking caller's request is, then drained: twice in one iteration.
          Thread submitter = new Thread(() -> ioOutbox.submit(item));
          submitter.start();
          joinUninterruptibly(submitter);
          ioOutbox.drain();
          flushesSeenInTheTask.add(ioFlushes.get());
        }
      }).get(5, TimeUnit.SECONDS);

      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
      while (ioFlushes.get() == 0 && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      ioLoop.submit(() -> { }).get(5, TimeUnit.SECONDS);
      assertThat(ioTaken).containsExactly("x", "y");
      assertThat(flushesSeenInTheTask).as("held back while the iteration runs").containsExactly(0, 0);
      assertThat(ioFlushes.get()).as("one flush for both drains, without anything else happening").isEqualTo(1);
    } finally {
      group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
  }

  @Test
  void answersOfABurstsCalls_wakeTheLoopOnceItsLastCallStarts_requestsMadeOnwardsAtOnce() throws Exception {
    LoopOutbox<String> answers = new LoopOutbox<>(loop::inEventLoop, loop, sink, false, true);
    LoopOutbox<String> requests = new LoopOutbox<>(loop::inEventLoop, loop, sink, false, false);
    // One worker and a stall that never comes: only the burst's own progress makes the wake.
    AxleExecutor group = AxleExecutors.group("outbox").groups(1).threadsPerGroup(1)
        .burstStall(Duration.ofSeconds(30)).build();
    List<String> seen = new CopyOnWriteArrayList<>();
    try {
      List<RefusableTask> burst = List.of(
          task(() -> {
            answers.submit("answer-1");
            requests.submit("request-1");
            // A request is what its caller then waits for: it reaches the loop at once.
            seen.add("request taken: " + eventually(() -> taken.contains("request-1")));
          }),
          task(() -> {
            answers.submit("answer-2");
            // No drain was scheduled for the answers: nothing can take them yet, however long this waits.
            sleep(50);
            seen.add("answers taken before the last call: " + (taken.contains("answer-1") || taken.contains("answer-2")));
          }),
          task(() -> seen.add("last call")));
      group.executeAll(burst);
      eventually(() -> taken.contains("answer-2"));
    } finally {
      group.shutdown(Duration.ofSeconds(5));
    }
    assertThat(seen).startsWith("request taken: true", "answers taken before the last call: false");
    assertThat(taken).as("what the loop took, in order").containsExactly("request-1", "answer-1", "answer-2");
  }

  private static RefusableTask task(Runnable body) {
    return new RefusableTask() {
      @Override
      public void run() {
        body.run();
      }

      @Override
      public void refused(RuntimeException why) {
        throw why;
      }
    };
  }

  /** Whether {@code condition} holds within ten seconds. */
  private static boolean eventually(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      sleep(1);
    }
    return true;
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void joinUninterruptibly(Thread thread) {
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Keeps the loop busy until the latch is counted down, so that what is submitted meanwhile lands in one batch. */
  private CountDownLatch holdLoop() {
    CountDownLatch held = new CountDownLatch(1);
    loop.execute(() -> {
      try {
        held.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    return held;
  }

  private void onLoop(Runnable task) throws Exception {
    loop.submit(task).get(5, TimeUnit.SECONDS);
  }
}
