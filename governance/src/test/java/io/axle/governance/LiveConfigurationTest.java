package io.axle.governance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.Status;
import io.axle.config.ConfigException;
import io.axle.config.ConfigVersion;
import io.axle.governance.GovernanceFixture.Named;
import io.axle.governance.GovernanceFixture.Outcome;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A running service takes a configuration change as a whole, over both transports: the next calls pass the
 * new executor, limit, timeout or balancer, calls under way finish where they started and none fails because
 * of the change; a change it cannot take is refused, named, and changes nothing.
 */
class LiveConfigurationTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final String OP = Runtimes.SCHEMA + ".sleepEcho";

  /**
   * Callers keep calling while the provider's executor goes group -> inline -> virtual -> group of another
   * size; each change is in force for the next calls (the thread they ran on says so), and not one call fails.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void theExecutor_changesUnderLoad_withNoFailedCall(String transport) throws Exception {
    Axle provider = runtimes.provider(transport, new io.axle.testing.EchoServiceImpl(),
        Map.of("axle.executors.default", "group"));
    Axle consumer = runtimes.consumer(provider, transport, Map.of());
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    Load load = new Load(4, echo::threadInfo);
    try {
      load.awaitCalls(50);
      assertThat(load.lastSeen()).startsWith("pool:");

      ConfigVersion inline = provider.reconfigure("test", Map.of("axle.executors.default", "inline"));
      assertThat(inline.number()).isEqualTo(2);
      assertThat(inline.changes()).containsExactly("axle.executors.default: group -> inline");
      load.awaitSeen("eventloop:");
      assertThat(provider.operations()).allSatisfy(op -> assertThat(op.executor()).isEqualTo("inline (event loop)"));

      provider.reconfigure("test", Map.of("axle.executors.default", "virtual"));
      load.awaitSeen("virtual:");

      ConfigVersion group = provider.reconfigure("test", Map.of("axle.executors.default", "group",
          "axle.executor.default.thread-per-group", 3));
      assertThat(group.number()).isEqualTo(4);
      load.awaitSeen("pool:");
      assertThat(provider.operations().getFirst().executor()).contains("x 3 threads");
    } finally {
      load.stop();
    }
    assertThat(load.failures).as("calls failed across the changes").isEmpty();
    assertThat(provider.configVersion().source()).isEqualTo("test");
  }

  /** A call running on the group pool when the executor changes to inline finishes there, answered. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aCallUnderWay_finishesOnTheExecutorItStartedOn(String transport) {
    Named impl = new Named("p");
    Axle provider = runtimes.provider(transport, impl, Map.of("axle.executors.default", "group"));
    Axle consumer = runtimes.consumer(provider, transport, Map.of());
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    List<CompletableFuture<Outcome>> held = GovernanceFixture.inBackground(1, () -> echo.sleepEcho(Named.HOLD, 0));
    impl.awaitHolding(1);

    provider.reconfigure("test", Map.of("axle.executors.default", "inline"));
    assertThat(echo.threadInfo()).startsWith("eventloop:");
    impl.release();

    assertThat(held.getFirst().join().value()).as("the held call, answered from the pool it started on")
        .isEqualTo("p");
  }

  /** A provider bulkhead set on a running service refuses the calls beyond it; unset, it lets them all in. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aProviderBulkheadSetLive_refusesBeyondIt_andUnsetLetsEveryCallIn(String transport) {
    Named impl = new Named("p");
    Axle provider = GovernanceFixture.provider(runtimes, transport, impl, Map.of());
    Axle consumer = runtimes.consumer(provider, transport, Map.of());
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

    provider.reconfigure("ops", Map.of("axle.governance.provider.max-concurrent." + OP, 2));
    assertThat(provider.operations()).filteredOn(op -> op.name().equals(OP))
        .allSatisfy(op -> assertThat(op.admissions()).containsExactly("max-concurrent(2)"));
    List<CompletableFuture<Outcome>> held = GovernanceFixture.inBackground(2, () -> echo.sleepEcho(Named.HOLD, 0));
    impl.awaitHolding(2);
    Outcome refused = Outcome.of(() -> echo.sleepEcho("x", 0));
    assertThat(refused.error()).as("the third call").isNotNull();
    assertThat(refused.error().status()).isEqualTo(Status.OVERLOADED);
    assertThat(refused.error().getMessage()).contains("axle.governance.provider.max-concurrent." + OP + ": 2");

    provider.reconfigure("ops", Map.of());
    assertThat(Outcome.of(() -> echo.sleepEcho("x", 0)).value()).as("with the limit unset").isEqualTo("p");
    impl.release();
    assertThat(held).allSatisfy(f -> assertThat(f.join().value()).isEqualTo("p"));
  }

  /** A timeout set on a running consumer fails the next slow call, naming the key that set it. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aTimeoutSetLive_failsTheNextSlowCall_namingItsKey(String transport) {
    Axle provider = GovernanceFixture.provider(runtimes, transport, new Named("p"), Map.of());
    Axle consumer = runtimes.consumer(provider, transport, Map.of());
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    assertThat(echo.sleepEcho("x", 300)).isEqualTo("p");

    String key = "axle.request.timeout." + Runtimes.SERVICE + "." + OP;
    consumer.reconfigure("ops", Map.of(key, "100ms"));
    Outcome late = Outcome.of(() -> echo.sleepEcho("x", 300));
    assertThat(late.error()).isNotNull();
    assertThat(late.error().status()).isEqualTo(Status.DEADLINE_EXCEEDED);
    assertThat(late.error().getMessage()).contains(key);
    assertThat(consumer.config().getRaw(key)).hasValue("100ms");
    assertThat(consumer.config().sourceOf(key)).isEqualTo("ops");
  }

  /** The balancer of a reference changes with its key; calls still reach the providers. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void theLoadBalancingStrategy_changesLive(String transport) {
    Named first = new Named("a");
    Named second = new Named("b");
    Axle one = GovernanceFixture.provider(runtimes, transport, first, Map.of());
    Axle two = GovernanceFixture.provider(runtimes, transport, second, Map.of());
    Axle consumer = runtimes.start(Runtimes.consumerBuilder(one.endpoint(transport).orElseThrow(), transport,
        Map.of("axle.registry.local." + Runtimes.SERVICE, transport + "://127.0.0.1:"
            + one.endpoint(transport).orElseThrow().port() + "," + transport + "://127.0.0.1:"
            + two.endpoint(transport).orElseThrow().port())));
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    assertThat(consumer.consumerChains().get(Runtimes.SERVICE + "/" + OP)).contains("endpoint-selection(round-robin)");

    consumer.reconfigure("ops", Map.of("axle.loadbalance.strategy", "least-outstanding"));

    assertThat(consumer.consumerChains().get(Runtimes.SERVICE + "/" + OP))
        .contains("endpoint-selection(least-outstanding)");
    List<String> answers = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      answers.add(echo.sleepEcho("x", 0));
    }
    assertThat(answers).containsOnly("a", "b");
  }

  /**
   * Unknown keys, values of the wrong type, a restart-only key and a contradictory pair are each refused with
   * the key, the value, what is expected and the source; the configuration and its version stay as they were.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void changesItCannotTake_areRefused_namingTheProblem_andChangeNothing(String transport) {
    Axle provider = GovernanceFixture.provider(runtimes, transport, new Named("p"), Map.of());
    Axle consumer = runtimes.consumer(provider, transport, Map.of());
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    ConfigVersion before = provider.configVersion();
    String executorBefore = provider.operations().getFirst().executor();

    Map<Map<String, ?>, String> refusals = new LinkedHashMap<>();
    refusals.put(Map.of("axle.executors.default", "inline", "axle.governance.provider.max-concurent", 2),
        "axle.governance.provider.max-concurent: unknown key (expected: a known key; did you mean "
            + "axle.governance.provider.max-concurrent?) — from ops");
    refusals.put(Map.of("axle.governance.provider.max-concurrent", "two"),
        "axle.governance.provider.max-concurrent: two (expected: an integer");
    refusals.put(Map.of("axle." + transport + ".address", "127.0.0.1:9"),
        "axle." + transport + ".address: 127.0.0.1:9 (expected: 127.0.0.1:0, as the service started: axle."
            + transport + ".address is read once at start; restart the service to change it) — from ops");
    refusals.put(Map.of("axle.executors.default", "no-such-pool"),
        "axle.executors.default: no-such-pool (expected:");
    String minimum = "axle.governance.breaker.minimum-calls." + Runtimes.SERVICE + "." + OP;
    refusals.put(Map.of("axle.governance.breaker.enabled", true, minimum, 50,
        "axle.governance.breaker.window", 10), minimum + ": 50 (expected: at most axle.governance.breaker.window: 10");

    refusals.forEach((change, problem) -> {
      Axle runtime = change.containsKey(minimum) ? consumer : provider;
      ConfigVersion versionBefore = runtime.configVersion();
      assertThatThrownBy(() -> runtime.reconfigure("ops", change)).as("%s", change)
          .isInstanceOf(ConfigException.class)
          .satisfies(e -> assertThat(((ConfigException) e).problems()).anySatisfy(p -> assertThat(p).startsWith(problem)));
      assertThat(runtime.configVersion()).as("the version after refusing %s", change).isEqualTo(versionBefore);
      assertThat(runtime.lastRefusedChange()).hasValueSatisfying(r -> {
        assertThat(r.source()).isEqualTo("ops");
        assertThat(r.problems()).anySatisfy(p -> assertThat(p).startsWith(problem));
      });
    });

    assertThat(provider.configVersion()).isEqualTo(before);
    assertThat(provider.operations().getFirst().executor()).isEqualTo(executorBefore);
    assertThat(provider.config().getRaw("axle.executors.default")).hasValue("virtual");
    assertThat(echo.sleepEcho("x", 0)).isEqualTo("p");
  }

  /**
   * A change refused while the chains are assembled leaves the policies in force, state and all: the open
   * breaker of an operation assembled before the one that refused the change stays open, and shown as open.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aChangeRefusedMidAssembly_leavesThePoliciesInForce_andTheirStates(String transport) {
    Axle first = GovernanceFixture.provider(runtimes, transport, new Named("p"), Map.of());
    Axle second = GovernanceFixture.provider(runtimes, transport, new Named("q"),
        Map.of("axle.service.name", "second-service"));
    String enabled = "axle.governance.breaker.enabled." + Runtimes.SERVICE;
    Axle consumer = runtimes.consumer(first, transport, Map.of(
        "axle.registry.local.second-service", transport + "://127.0.0.1:"
            + second.endpoint(transport).orElseThrow().port(),
        enabled, true,
        "axle.governance.breaker.enabled.second-service", true,
        "axle.governance.breaker.window", 4,
        "axle.governance.breaker.minimum-calls", 4,
        "axle.governance.breaker.wait-in-open", "60s"));
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    // Made after the first: its operations are assembled after the first's.
    EchoService other = consumer.reference(EchoService.class, "second-service", Runtimes.SCHEMA);
    for (int i = 0; i < 4; i++) {
      assertThat(Outcome.of(() -> echo.fail("x")).error().status()).isEqualTo(Status.PROVIDER_ERROR);
    }
    io.axle.policy.PolicyState open = new io.axle.policy.PolicyState(
        "breaker " + Runtimes.SERVICE + "/" + Runtimes.SCHEMA + ".fail", "OPEN");
    assertThat(consumer.policyStates()).containsExactly(open);

    // A new failure rate makes every breaker anew; the second service's minimum above its window refuses it.
    String minimum = "axle.governance.breaker.minimum-calls.second-service";
    assertThatThrownBy(() -> consumer.reconfigure("ops", Map.of("axle.governance.breaker.failure-rate", 60,
        minimum, 10))).isInstanceOf(ConfigException.class).hasMessageContaining(minimum + ": 10");

    assertThat(consumer.policyStates()).as("the states after the refused change").containsExactly(open);
    assertThat(Outcome.of(() -> echo.fail("x")).error().status()).as("the open breaker").isEqualTo(Status.OVERLOADED);
    assertThat(other.sleepEcho("x", 0)).isEqualTo("q");

    // Taken, the change's breakers replace the old: closed, so nothing to show.
    consumer.reconfigure("ops", Map.of("axle.governance.breaker.failure-rate", 60));
    assertThat(consumer.policyStates()).isEmpty();
    assertThat(Outcome.of(() -> echo.fail("x")).error().status()).isEqualTo(Status.PROVIDER_ERROR);
  }

  /**
   * Each source holds one layer: its next change replaces its last, so a key it leaves out falls back to what
   * is below; of two sources, the one that changed something first lies below; a change that changes nothing
   * in force keeps the version.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void eachSource_holdsOneLayer_thatItsNextChangeReplaces(String transport) {
    Axle provider = GovernanceFixture.provider(runtimes, transport, new Named("p"), Map.of());
    String key = "axle.request.timeout";
    assertThat(provider.config().getRaw(key)).isEmpty();
    String startHash = provider.configVersion().hash();

    assertThat(provider.reconfigure("zookeeper", Map.of(key, "5s")).number()).isEqualTo(2);
    assertThat(provider.reconfigure("actuator", Map.of(key, "7s")).number()).isEqualTo(3);
    assertThat(provider.config().getRaw(key)).hasValue("7s");
    ConfigVersion same = provider.reconfigure("zookeeper", Map.of(key, "6s"));
    assertThat(same.number()).as("nothing in force changed: the actuator's layer lies above").isEqualTo(3);
    assertThat(provider.config().getRaw(key)).hasValue("7s");

    ConfigVersion fallBack = provider.reconfigure("actuator", Map.of());
    assertThat(fallBack.number()).isEqualTo(4);
    assertThat(fallBack.changes()).containsExactly(key + ": 7s -> 6s");
    assertThat(provider.config().sourceOf(key)).isEqualTo("zookeeper");
    assertThat(provider.reconfigure("zookeeper", Map.of()).changes()).containsExactly(key + ": 6s -> 30s (default)");
    assertThat(provider.configVersion().number()).isEqualTo(5);
    assertThat(provider.configVersion().hash()).as("the hash covers the live keys in force: the start's again")
        .isEqualTo(startHash);
    ConfigVersion zone = provider.reconfigure("ops", Map.of("axle.registry.properties.zone", "eu-2"));
    assertThat(zone.number()).isEqualTo(6);
    assertThat(zone.hash()).as("an instance's own registry properties are not in the hash: instances that differ in "
        + "them run the same configuration").isEqualTo(startHash);
  }

  /**
   * A watched file's edits apply: a key changed takes its new value, one that does not parse changes nothing,
   * and one changed back returns to what the service started with.
   */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aWatchedFile_appliesWhatChangesInIt(String transport, @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
      throws Exception {
    java.nio.file.Path file = dir.resolve("microservice.yaml");
    java.nio.file.Files.writeString(file, "axle:\n  request:\n    timeout: 20s\n");
    Axle provider = GovernanceFixture.provider(runtimes, transport, new Named("p"), Map.of(
        "axle.config.file-watch.enabled", true, "axle.config.file-watch.path", file.toString(),
        "axle.config.file-watch.interval", "50ms"));
    assertThat(provider.configVersion().number()).isEqualTo(1);

    java.nio.file.Files.writeString(file, "axle:\n  request:\n    timeout: 20s\n  executors:\n    default: inline\n");
    awaitVersion(provider, 2);
    assertThat(provider.configVersion().source()).isEqualTo("file " + file.toAbsolutePath().normalize());
    assertThat(provider.operations().getFirst().executor()).isEqualTo("inline (event loop)");

    java.nio.file.Files.writeString(file, "axle:\n  executors:\n    default: nowhere\n");
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (provider.lastRefusedChange().isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(provider.lastRefusedChange()).hasValueSatisfying(r ->
        assertThat(r.problems()).anySatisfy(p -> assertThat(p).startsWith("axle.executors.default: nowhere")));
    assertThat(provider.configVersion().number()).isEqualTo(2);

    java.nio.file.Files.writeString(file, "axle:\n  request:\n    timeout: 20s\n");
    awaitVersion(provider, 3);
    assertThat(provider.configVersion().changes()).containsExactly("axle.executors.default: inline -> virtual");
  }

  private static void awaitVersion(Axle runtime, long number) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (runtime.configVersion().number() < number && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(runtime.configVersion().number()).as("the version").isEqualTo(number);
  }

  /** Callers on threads of their own, calling until stopped; what failed, and the last answers. */
  private static final class Load {
    final List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicInteger calls = new AtomicInteger();
    private final Map<String, Boolean> seenSinceReset = new ConcurrentHashMap<>();
    private volatile String last = "";
    private final List<Thread> threads = new ArrayList<>();

    Load(int callers, java.util.function.Supplier<String> call) {
      for (int i = 0; i < callers; i++) {
        threads.add(Thread.ofPlatform().daemon().name("live-config-caller-" + i).start(() -> {
          while (running.get()) {
            try {
              String answer = call.get();
              last = answer;
              seenSinceReset.put(answer.substring(0, answer.indexOf(':') + 1), true);
              calls.incrementAndGet();
            } catch (RuntimeException e) {
              failures.add(e);
            }
          }
        }));
      }
    }

    String lastSeen() {
      return last;
    }

    void awaitCalls(int count) {
      await(() -> calls.get() >= count, count + " calls");
    }

    /** Waits until every caller's answers come from threads of that kind. */
    void awaitSeen(String kind) {
      await(() -> {
        seenSinceReset.clear();
        int from = calls.get();
        while (calls.get() < from + 20) {
          if (!running.get()) {
            return false;
          }
          java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
        return seenSinceReset.size() == 1 && seenSinceReset.containsKey(kind);
      }, "answers from " + kind + " threads only");
    }

    void stop() throws InterruptedException {
      running.set(false);
      for (Thread thread : threads) {
        thread.join(10_000);
      }
    }

    private static void await(java.util.function.BooleanSupplier condition, String what) {
      long deadline = System.nanoTime() + 10_000_000_000L;
      while (!condition.getAsBoolean()) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("not within 10 s: " + what);
        }
        java.util.concurrent.locks.LockSupport.parkNanos(5_000_000);
      }
    }
  }
}
