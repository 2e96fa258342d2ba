package io.axle.loadbalance.internal;

import io.axle.loadbalance.LoadBalancer;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * A candidate at random, in proportion to its instance's {@code weight} property (default 100); an
 * instance of weight 0 is picked only when every candidate weighs 0, and then uniformly.
 */
public final class WeightedRandom implements LoadBalancer {
  public static final String NAME = "weighted-random";

  private final Supplier<? extends RandomGenerator> random;

  public WeightedRandom() {
    this(ThreadLocalRandom::current);
  }

  /** With a given source of randomness, for tests that want to repeat a sequence. */
  public WeightedRandom(Supplier<? extends RandomGenerator> random) {
    this.random = random;
  }

  @Override
  public Candidate pick(List<? extends Candidate> candidates) {
    long total = 0;
    for (Candidate candidate : candidates) {
      total += candidate.instance().weight();
    }
    RandomGenerator generator = random.get();
    if (total == 0) {
      return candidates.get(generator.nextInt(candidates.size()));
    }
    long point = generator.nextLong(total);
    for (Candidate candidate : candidates) {
      point -= candidate.instance().weight();
      if (point < 0) {
        return candidate;
      }
    }
    throw new AssertionError("the weights changed while picking");
  }
}
