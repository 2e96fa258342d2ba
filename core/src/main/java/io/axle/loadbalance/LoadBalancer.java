package io.axle.loadbalance;

import io.axle.registry.Endpoint;
import io.axle.registry.ServiceInstance;
import java.util.List;

/**
 * Picks the instance a consumer call goes to, from those the endpoint-selection link offers: the
 * service's UP instances with an endpoint for the reference's transport, less the ones isolated
 * after connection failures (unless that would leave none) and the ones a call already failed on
 * before it was sent. One balancer per operation of a reference ({@code axle.loadbalance.strategy});
 * called from any thread at once, so it must be thread-safe, fast and never block.
 */
@FunctionalInterface
public interface LoadBalancer {
  /** One of {@code candidates}, which is never empty. */
  Candidate pick(List<? extends Candidate> candidates);

  /**
   * True when {@link #pick} reads {@link Candidate#outstanding()}: the calls in flight are then
   * counted, two atomic updates per call that a balancer ignoring them does not pay for.
   */
  default boolean readsOutstanding() {
    return false;
  }

  /** An instance the balancer may pick, with what the consumer knows of it now. */
  interface Candidate {
    ServiceInstance instance();

    /** Where the call would go: the instance's endpoint for the reference's transport. */
    Endpoint endpoint();

    /**
     * This consumer's calls to {@link #endpoint()} in flight now, over every reference whose
     * balancer {@linkplain #readsOutstanding() reads them} (the others do not count theirs).
     */
    int outstanding();
  }
}
