package io.axle.registry.zookeeper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * Callers that call the fleet in a loop until stopped, counting the answers by the producer that
 * gave them and keeping every failure's message: nothing a test asserts on is sampled.
 */
final class CallLoad implements AutoCloseable {
  private final Greeter greeter;
  private final List<Thread> threads = new ArrayList<>();
  private final Map<String, LongAdder> answers = new ConcurrentHashMap<>();
  private final ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
  private volatile boolean running = true;

  CallLoad(Greeter greeter, int callers) {
    this.greeter = greeter;
    for (int i = 0; i < callers; i++) {
      Thread thread = Thread.ofPlatform().name("caller-" + i).daemon().start(this::callUntilStopped);
      threads.add(thread);
    }
  }

  private void callUntilStopped() {
    while (running) {
      try {
        answers.computeIfAbsent(greeter.whoAmI("load"), k -> new LongAdder()).increment();
      } catch (RuntimeException e) {
        failures.add(e.getMessage());
      }
    }
  }

  /** Answers so far, by producer. */
  Map<String, Long> answers() {
    Map<String, Long> snapshot = new TreeMap<>();
    answers.forEach((name, count) -> snapshot.put(name, count.sum()));
    return snapshot;
  }

  long answersFrom(String producer) {
    LongAdder count = answers.get(producer);
    return count == null ? 0 : count.sum();
  }

  long total() {
    return answers().values().stream().mapToLong(Long::longValue).sum();
  }

  List<String> failures() {
    return List.copyOf(failures);
  }

  /** True once every caller's thread has ended: no call of theirs is left unanswered. */
  boolean allEnded() {
    return threads.stream().noneMatch(Thread::isAlive);
  }

  /** Stops the callers and waits for their last calls to end. */
  @Override
  public void close() {
    running = false;
    try {
      for (Thread thread : threads) {
        thread.join(10_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
