package io.axle.loadbalance.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.loadbalance.LoadBalancer;
import io.axle.loadbalance.LoadBalancer.Candidate;
import io.axle.registry.Endpoint;
import io.axle.registry.InstanceStatus;
import io.axle.registry.ServiceInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;

/** The built-in strategies, each deterministic here: a fixed turn, or a seeded source of randomness. */
class BuiltInBalancersTest {

  private record Fixed(ServiceInstance instance, Endpoint endpoint, int outstanding) implements Candidate {
  }

  private static Fixed candidate(String id, String weight, int outstanding) {
    Endpoint endpoint = new Endpoint("highway", "10.0.0." + (id.hashCode() & 0x7f), 7070);
    Map<String, String> properties = weight == null ? Map.of() : Map.of(ServiceInstance.WEIGHT, weight);
    return new Fixed(new ServiceInstance("orders", id, "1.0.0", List.of(endpoint), Set.of(), InstanceStatus.UP,
        properties), endpoint, outstanding);
  }

  private static Map<String, Integer> picks(LoadBalancer balancer, List<Fixed> candidates, int times) {
    Map<String, Integer> counts = new TreeMap<>();
    for (int i = 0; i < times; i++) {
      counts.merge(balancer.pick(candidates).instance().instanceId(), 1, Integer::sum);
    }
    return counts;
  }

  @Test
  void roundRobin_takesEachInTurn() {
    List<Fixed> three = List.of(candidate("a", null, 0), candidate("b", null, 0), candidate("c", null, 0));
    RoundRobin balancer = new RoundRobin();
    List<String> order = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      order.add(balancer.pick(three).instance().instanceId());
    }
    assertThat(order).containsExactly("a", "b", "c", "a", "b", "c");
  }

  @Test
  void weightedRandom_picksInProportionToWeight_andAWeightOfZeroNever() {
    Random seeded = new Random(42);
    WeightedRandom balancer = new WeightedRandom(() -> seeded);
    List<Fixed> candidates = List.of(candidate("heavy", "300", 0), candidate("default", null, 0),
        candidate("off", "0", 0), candidate("garbled", "lots", 0));
    Map<String, Integer> counts = picks(balancer, candidates, 60_000);
    // Weights 300, 100 (default), 0, 100 (unparsable counts as unset): shares 3/5, 1/5, 0, 1/5.
    assertThat(counts).doesNotContainKey("off");
    assertThat(counts.get("heavy")).isBetween(35_000, 37_000);
    assertThat(counts.get("default")).isBetween(11_000, 13_000);
    assertThat(counts.get("garbled")).isBetween(11_000, 13_000);
  }

  @Test
  void weightedRandom_withEveryWeightZero_picksUniformly() {
    Random seeded = new Random(7);
    WeightedRandom balancer = new WeightedRandom(() -> seeded);
    Map<String, Integer> counts = picks(balancer, List.of(candidate("a", "0", 0), candidate("b", "0", 0)), 10_000);
    assertThat(counts.get("a")).isBetween(4_500, 5_500);
    assertThat(counts.get("b")).isBetween(4_500, 5_500);
  }

  @Test
  void leastOutstanding_neverPicksTheBusiest_ofDistinctLoads_andSharesEqualLoads() {
    Random seeded = new Random(1);
    LeastOutstanding balancer = new LeastOutstanding(() -> seeded);
    List<Fixed> skewed = List.of(candidate("idle", null, 0), candidate("some", null, 3),
        candidate("slow", null, 40));
    Map<String, Integer> counts = picks(balancer, skewed, 9_000);
    // Two distinct of three: idle wins whenever drawn (2 pairs of 3), some wins the pair without idle.
    assertThat(counts).doesNotContainKey("slow");
    assertThat(counts.get("idle")).isBetween(5_700, 6_300);
    assertThat(counts.get("some")).isBetween(2_700, 3_300);

    Map<String, Integer> even = picks(balancer, List.of(candidate("a", null, 2), candidate("b", null, 2),
        candidate("c", null, 2)), 9_000);
    assertThat(even.values()).allSatisfy(count -> assertThat(count).isBetween(2_700, 3_300));
  }

  @Test
  void leastOutstanding_withOneCandidate_picksIt() {
    Fixed only = candidate("only", null, 100);
    assertThat(new LeastOutstanding().pick(List.of(only))).isSameAs(only);
  }
}
