package io.axle.executor;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A task of a burst that records where it ran, or why it was refused. */
final class RecordedTask implements RefusableTask {
  final Runnable body;
  final CountDownLatch done = new CountDownLatch(1);
  volatile Thread ranOn;
  volatile RuntimeException refusal;

  RecordedTask(Runnable body) {
    this.body = body;
  }

  RecordedTask() {
    this(() -> { });
  }

  /** {@code n} tasks that each add their index to {@code order} when they run. */
  static List<RecordedTask> recordingOrder(int n, List<Integer> order) {
    List<RecordedTask> tasks = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int index = i;
      tasks.add(new RecordedTask(() -> order.add(index)));
    }
    return tasks;
  }

  static List<RecordedTask> tasks(int n) {
    List<RecordedTask> tasks = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      tasks.add(new RecordedTask());
    }
    return tasks;
  }

  @Override
  public void run() {
    ranOn = Thread.currentThread();
    try {
      body.run();
    } finally {
      done.countDown();
    }
  }

  @Override
  public void refused(RuntimeException why) {
    refusal = why;
    done.countDown();
  }

  boolean await() throws InterruptedException {
    return done.await(30, TimeUnit.SECONDS);
  }
}
