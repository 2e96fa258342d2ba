package io.axle.loadbalance.internal;

import io.axle.loadbalance.LoadBalancer;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Each candidate in turn: the default, even when every instance is alike. */
public final class RoundRobin implements LoadBalancer {
  public static final String NAME = "round-robin";

  private final AtomicInteger next = new AtomicInteger();

  @Override
  public Candidate pick(List<? extends Candidate> candidates) {
    return candidates.get(Math.floorMod(next.getAndIncrement(), candidates.size()));
  }
}
