package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.loadbalance.LoadBalancer;
import io.axle.loadbalance.internal.RoundRobin;
import io.axle.registry.Endpoint;
import io.axle.registry.InstanceStatus;
import io.axle.registry.LocalRegistry;
import io.axle.registry.ServiceInstance;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.Runtimes;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The endpoint-selection link with real providers that share one in-memory registry: an instance
 * that cannot be reached costs no call and is isolated, a graceful stop under load costs no call,
 * least-outstanding steers away from a slow instance, and a strategy is picked by name.
 */
@Timeout(60)
@org.junit.jupiter.api.Tag("slow") // timed scenarios (hedges, deadlines, balancing, overload): outside the fast subset
class LoadBalancingTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static Axle provider(LocalRegistry registry, String name, int delayMs) {
    return NamedProviders.start(runtimes, registry, name, delayMs, Map.of());
  }

  private static Axle consumer(LocalRegistry registry, String transport, Map<String, Object> extra,
      Map<String, java.util.function.Supplier<LoadBalancer>> balancers) {
    Map<String, Object> entries = new LinkedHashMap<>(CrossTransportTest.config(extra));
    entries.put("axle.service.name", "lb-consumer");
    entries.put("axle.references.transport", transport);
    Axle.Builder builder = Axle.builder().config(Runtimes.config(entries)).registry(registry);
    balancers.forEach(builder::loadBalancer);
    return builder.start();
  }

  private static int closedPort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void anInstanceThatCannotBeReached_costsNoCall_andIsIsolatedAfterItsFirstFailure(String transport)
      throws Exception {
    LocalRegistry registry = new LocalRegistry();
    int dead = closedPort();
    registry.register(new ServiceInstance(Runtimes.SERVICE, "dead", "1.0.0",
        List.of(new Endpoint(transport, "127.0.0.1", dead)), Set.of(), InstanceStatus.UP, Map.of()));
    // Records what each pick was offered: after the first failure the dead instance is no longer among it.
    List<List<String>> offered = new CopyOnWriteArrayList<>();
    RoundRobin roundRobin = new RoundRobin();
    LoadBalancer recording = candidates -> {
      offered.add(candidates.stream().map(c -> c.instance().instanceId()).toList());
      return roundRobin.pick(candidates);
    };
    try (Axle live = provider(registry, "live", 0);
        Axle consumer = consumer(registry, transport, Map.of("axle.loadbalance.strategy", "recording",
            "axle.loadbalance.isolation.backoff", "1h"), Map.of("recording", () -> recording))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      for (int i = 0; i < 20; i++) {
        assertThat(echo.echo("x")).isEqualTo("live");
      }
      // The first call: both offered, dead picked, failed unsent, sent again to the one left.
      assertThat(offered.get(0)).containsExactly("dead", "live");
      assertThat(offered.get(1)).containsExactly("live");
      assertThat(offered.subList(2, offered.size())).allSatisfy(o -> assertThat(o).containsExactly("live"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aGracefulStopUnderLoad_costsNoCall(String transport) throws Exception {
    LocalRegistry registry = new LocalRegistry();
    try (Axle one = provider(registry, "one", 0); Axle two = provider(registry, "two", 0);
        Axle consumer = consumer(registry, transport, Map.of(), Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      Map<String, AtomicInteger> answers = new ConcurrentHashMap<>();
      List<String> failures = new CopyOnWriteArrayList<>();
      List<Thread> callers = new ArrayList<>();
      for (int c = 0; c < 4; c++) {
        callers.add(Thread.ofPlatform().start(() -> {
          for (int i = 0; i < 1500; i++) {
            try {
              answers.computeIfAbsent(echo.echo("x"), k -> new AtomicInteger()).incrementAndGet();
            } catch (RuntimeException e) {
              failures.add(e.getMessage());
            }
          }
        }));
      }
      while (answers.getOrDefault("one", new AtomicInteger()).get() < 200) {
        assertThat(failures).isEmpty();
        assertThat(callers).anyMatch(Thread::isAlive);
        Thread.sleep(5);
      }
      one.stop();
      for (Thread caller : callers) {
        caller.join();
      }
      assertThat(failures).isEmpty();
      assertThat(answers.get("two").get()).isPositive();
      for (int i = 0; i < 20; i++) {
        assertThat(echo.echo("after")).isEqualTo("two");
      }
      assertThat(registry.lookup(Runtimes.SERVICE).instances()).extracting(ServiceInstance::instanceId)
          .containsExactly("two");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aCallLostAfterItWasWritten_isReported_andNeverSentToAnotherInstance(String transport) throws Exception {
    LocalRegistry registry = new LocalRegistry();
    // Reads what it is sent, then hangs up: the request left, and may have run, so it must not be resent.
    try (ServerSocket liar = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
      Thread.ofPlatform().daemon().start(() -> {
        while (!liar.isClosed()) {
          try (java.net.Socket socket = liar.accept()) {
            socket.getInputStream().read();
          } catch (java.io.IOException e) {
            // closed at the end of the test
          }
        }
      });
      registry.register(new ServiceInstance(Runtimes.SERVICE, "liar", "1.0.0",
          List.of(new Endpoint(transport, "127.0.0.1", liar.getLocalPort())), Set.of(), InstanceStatus.UP, Map.of()));
      List<List<String>> offered = new CopyOnWriteArrayList<>();
      LoadBalancer liarFirst = candidates -> {
        offered.add(candidates.stream().map(c -> c.instance().instanceId()).toList());
        for (LoadBalancer.Candidate candidate : candidates) {
          if (candidate.instance().instanceId().equals("liar")) {
            return candidate;
          }
        }
        return candidates.get(0);
      };
      try (Axle live = provider(registry, "live", 0);
          Axle consumer = consumer(registry, transport, Map.of("axle.loadbalance.strategy", "liar-first"),
              Map.of("liar-first", () -> liarFirst))) {
        EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
        CrossTransportTest.Outcome outcome = CrossTransportTest.Outcome.of(() -> echo.echo("once"));
        assertThat(outcome.status()).isEqualTo(io.axle.Status.CONNECTION_FAILED);
        assertThat(offered).containsExactly(List.of("liar", "live"));
      }
    }
  }

  @Test
  void leastOutstanding_sendsASlowInstanceFarFewerCalls_thanRoundRobinDoes() throws Exception {
    LocalRegistry registry = new LocalRegistry();
    try (Axle fast = provider(registry, "fast", 0); Axle slow = provider(registry, "slow", 20)) {
      Map<String, Integer> roundRobin = spread(registry, "round-robin");
      Map<String, Integer> leastOutstanding = spread(registry, "least-outstanding");
      // Round robin gives each half whatever their speed; the slow one holds its calls longer, so
      // it is the busier of the two nearly every time least-outstanding compares them.
      assertThat(roundRobin.get("slow")).isBetween(180, 220);
      assertThat(leastOutstanding.getOrDefault("slow", 0)).isLessThan(roundRobin.get("slow") / 2);
    }
  }

  /** 400 calls from 8 threads; the answers by instance. */
  private static Map<String, Integer> spread(LocalRegistry registry, String strategy) throws Exception {
    Map<String, Integer> counts = new ConcurrentHashMap<>();
    try (Axle consumer = consumer(registry, "highway", Map.of("axle.loadbalance.strategy", strategy), Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      List<Thread> callers = new ArrayList<>();
      for (int c = 0; c < 8; c++) {
        callers.add(Thread.ofPlatform().start(() -> {
          for (int i = 0; i < 50; i++) {
            counts.merge(echo.echo("x"), 1, Integer::sum);
          }
        }));
      }
      for (Thread caller : callers) {
        caller.join();
      }
    }
    return counts;
  }

  @Test
  void anUnknownStrategy_failsTheReference_namingTheKeyAndTheChoices() {
    LocalRegistry registry = new LocalRegistry();
    try (Axle live = provider(registry, "live", 0);
        Axle consumer = consumer(registry, "highway", Map.of("axle.loadbalance.strategy." + Runtimes.SERVICE,
            "fastest"), Map.of())) {
      assertThatThrownBy(() -> consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA))
          .hasMessageStartingWith("axle.loadbalance.strategy." + Runtimes.SERVICE + ": fastest (expected: one of "
              + "[round-robin, weighted-random, least-outstanding], or a name registered with "
              + "Axle.Builder#loadBalancer)");
    }
  }
}
