package io.axle.loadbalance.internal;

import io.axle.loadbalance.LoadBalancer;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Power of two choices: two distinct candidates at random, and of them the one with fewer of this
 * consumer's calls in flight (the first on a tie). A slow instance piles up calls in flight and so
 * gets fewer new ones, without every caller crowding the one least loaded instance as picking the
 * global minimum would.
 */
public final class LeastOutstanding implements LoadBalancer {
  public static final String NAME = "least-outstanding";

  private final Supplier<? extends RandomGenerator> random;

  public LeastOutstanding() {
    this(ThreadLocalRandom::current);
  }

  /** With a given source of randomness, for tests that want to repeat a sequence. */
  public LeastOutstanding(Supplier<? extends RandomGenerator> random) {
    this.random = random;
  }

  @Override
  public Candidate pick(List<? extends Candidate> candidates) {
    int size = candidates.size();
    if (size == 1) {
      return candidates.get(0);
    }
    RandomGenerator generator = random.get();
    int first = generator.nextInt(size);
    int second = generator.nextInt(size - 1);
    if (second >= first) {
      second++;
    }
    Candidate a = candidates.get(first);
    Candidate b = candidates.get(second);
    return b.outstanding() < a.outstanding() ? b : a;
  }

  @Override
  public boolean readsOutstanding() {
    return true;
  }
}
