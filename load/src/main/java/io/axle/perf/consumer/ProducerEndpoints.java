package io.axle.perf.consumer;

import java.util.List;

/**
 * Where the consumer's producer {@code perf1} is: its registry entries ({@code highway://h:p},
 * {@code rest://h:p}), from which the consumer picks the one to drive and the REST one to fetch the
 * producer's figures from. From configuration, or from the ready line of {@code --loopback}'s child.
 */
public interface ProducerEndpoints {

  /** The entries, as {@code transport://host:port} texts; empty when there are none. */
  List<String> registered();

  /**
   * The producer process's CPU clock, for the CPU per request of the producer side; null when the
   * producer is not a child of this process (started separately, on this host or another).
   */
  default ProducerCpu producerCpu() {
    return null;
  }

  /** Counts the answers by producer instance when there are several to tell apart; null when not. */
  default InstanceCounts instanceCounts() {
    return null;
  }
}
