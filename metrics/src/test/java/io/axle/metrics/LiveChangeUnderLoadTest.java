package io.axle.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Role;
import io.axle.Status;
import io.axle.config.ConfigVersion;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The property: a service under load takes a change of its executor, a limit, its balancer or a timeout while
 * callers keep calling, over either transport and from every executor kind, and
 * <ul>
 *   <li>no call fails because of the change: every failure is the new configuration's own answer (a limit's
 *       {@code OVERLOADED}, a timeout's {@code DEADLINE_EXCEEDED}) to a call that started after it;</li>
 *   <li>the window the change landed in says so (both versions), and the next window shows the new behaviour
 *       measured, not just configured: the pool of the new executor, no more than the limit's
 *       calls running and the rest refused, the calls shifted to the faster instance, the calls timed out.</li>
 * </ul>
 * Windows are closed by the test ({@link AxleMetrics#tick()}) after a counted number of calls, so nothing here
 * depends on the machine's speed. Tagged {@code slow}: 24 cases under load, about 11 s, outside the fast subset.
 */
@org.junit.jupiter.api.Tag("slow")
class LiveChangeUnderLoadTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final String OP = Runtimes.SCHEMA + ".delayedEcho";
  private static final int CALLERS = 6;
  /** Calls between two window ticks: enough for every caller to pass several times. */
  private static final int CALLS_PER_WINDOW = 60;
  private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread thread = new Thread(r, "live-change-test-timer");
    thread.setDaemon(true);
    return thread;
  });

  enum Change { EXECUTOR, LIMIT, BALANCER, TIMEOUT }

  static Stream<Arguments> matrix() {
    List<Arguments> all = new ArrayList<>();
    for (String transport : List.of("highway", "rest")) {
      for (String kind : List.of("inline", "group", "virtual")) {
        for (Change change : Change.values()) {
          all.add(Arguments.of(transport, kind, change));
        }
      }
    }
    return all.stream();
  }

  @AfterAll
  static void stopTimer() {
    TIMER.shutdownNow();
  }

  @ParameterizedTest(name = "{0}, {1}, {2}")
  @MethodSource("matrix")
  void aChangeUnderLoad_failsNoCall_andTheNextWindowShowsIt(String transport, String kind, Change change)
      throws Exception {
    Instance a = new Instance("a", change == Change.BALANCER ? 20 : 10);
    Instance b = change == Change.BALANCER ? new Instance("b", 1) : null;
    AxleMetrics providerMetrics = metrics();
    AxleMetrics consumerMetrics = metrics();
    Axle providerA = provider(transport, kind, a, providerMetrics);
    StringBuilder endpoints = new StringBuilder(transport + "://127.0.0.1:" + port(providerA, transport));
    if (b != null) {
      endpoints.append(',').append(transport).append("://127.0.0.1:")
          .append(port(provider(transport, kind, b, null), transport));
    }
    Axle consumer = runtimes.start(Runtimes.consumerBuilder(providerA.endpoint(transport).orElseThrow(), transport,
        Map.of("axle.registry.local." + Runtimes.SERVICE, endpoints.toString())).listener(consumerMetrics.listener()));
    consumerMetrics.start(consumer);
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    boolean consumerSide = change == Change.BALANCER || change == Change.TIMEOUT;
    Axle changed = consumerSide ? consumer : providerA;
    AxleMetrics metrics = consumerSide ? consumerMetrics : providerMetrics;

    Load load = new Load(() -> echo.delayedEcho("x", 0));
    try {
      load.await(CALLS_PER_WINDOW);
      metrics.tick(); // start-up and the first calls
      int aBefore = a.calls.get();
      int bBefore = b == null ? 0 : b.calls.get();
      load.await(CALLS_PER_WINDOW);
      Window before = metrics.tick();
      int aShareBefore = a.calls.get() - aBefore;
      int bShareBefore = b == null ? 0 : b.calls.get() - bBefore;

      long changedAt = System.nanoTime();
      ConfigVersion version = changed.reconfigure("test", keys(change, kind));
      load.await(CALLS_PER_WINDOW);
      Window spanning = metrics.tick();
      a.maxInFlight.set(a.inFlight.get());
      int aAfter = a.calls.get();
      int bAfter = b == null ? 0 : b.calls.get();
      load.await(CALLS_PER_WINDOW);
      if (change == Change.LIMIT) {
        load.awaitAnswered(CALLERS); // refusals are quick: the window also holds calls let in
      }
      Window after = metrics.tick();
      int aShareAfter = a.calls.get() - aAfter;
      int bShareAfter = b == null ? 0 : b.calls.get() - bAfter;
      load.stop();

      assertThat(before.config().number()).isEqualTo(1);
      assertThat(before.spansConfigChange()).isFalse();
      assertThat(spanning.spansConfigChange()).as("the window the change landed in").isTrue();
      assertThat(spanning.config()).isEqualTo(version);
      assertThat(after.config()).isEqualTo(version);
      assertThat(after.spansConfigChange()).isFalse();
      assertThat(failures(before)).as("failures before the change").isZero();

      Status expected = switch (change) {
        case LIMIT -> Status.OVERLOADED;
        case TIMEOUT -> Status.DEADLINE_EXCEEDED;
        default -> null;
      };
      for (Failure failure : load.failures) {
        assertThat(failure.status()).as("a call failed because of the change: " + failure.error()).isNotNull()
            .isEqualTo(expected);
        assertThat(failure.startedAt()).as("a call that started before the change failed with " + failure.status())
            .isGreaterThan(changedAt);
      }

      switch (change) {
        case EXECUTOR -> {
          String next = nextKind(kind);
          assertThat(after.operation(Role.PROVIDER, transport, OP, Status.OK).count()).isPositive();
          assertThat(after.pools()).extracting(PoolStats::name, PoolStats::kind)
              .containsExactly(org.assertj.core.groups.Tuple.tuple(next, next.toUpperCase(java.util.Locale.ROOT)));
          if (next.equals("group")) {
            assertThat(after.pool("group").threads()).as("threads of groups of 3").isPositive()
                .matches(threads -> threads % 3 == 0, "a multiple of 3");
          }
        }
        case LIMIT -> {
          assertThat(after.operation(Role.PROVIDER, transport, OP, Status.OVERLOADED)).as("calls beyond the limit")
              .isNotNull();
          assertThat(after.operation(Role.PROVIDER, transport, OP, Status.OK).count()).isPositive();
          assertThat(a.maxInFlight.get()).as("calls running at once on the provider under a bulkhead of 2")
              .isLessThanOrEqualTo(2);
          assertThat(load.failures).as("refused calls").isNotEmpty();
        }
        case BALANCER -> {
          // Round-robin alternates; least-outstanding sends most calls to the instance that answers in 1 ms.
          assertThat(aShareBefore).as("a's calls under round-robin")
              .isBetween(bShareBefore * 2 / 3 - 2, bShareBefore * 3 / 2 + 2);
          assertThat(bShareAfter).as("b's calls (1 ms) against a's (20 ms) under least-outstanding")
              .isGreaterThan(3 * aShareAfter);
          assertThat(after.total(Role.CONSUMER, transport, OP).errors()).isZero();
        }
        case TIMEOUT -> {
          assertThat(after.operation(Role.CONSUMER, transport, OP, Status.DEADLINE_EXCEEDED)).as("timed out calls")
              .isNotNull();
          assertThat(after.operation(Role.CONSUMER, transport, OP, Status.OK)).as("answered calls after a 2 ms "
              + "timeout on a 10 ms operation").isNull();
        }
      }
    } finally {
      load.stop();
      providerMetrics.close();
      consumerMetrics.close();
    }
  }

  private static Map<String, Object> keys(Change change, String kind) {
    Map<String, Object> keys = new LinkedHashMap<>();
    switch (change) {
      case EXECUTOR -> {
        keys.put("axle.executors.default", nextKind(kind));
        keys.put("axle.executor.default.thread-per-group", 3);
      }
      case LIMIT -> keys.put("axle.governance.provider.max-concurrent." + OP, 2);
      case BALANCER -> keys.put("axle.loadbalance.strategy", "least-outstanding");
      case TIMEOUT -> keys.put("axle.request.timeout." + Runtimes.SERVICE + "." + OP, "2ms");
    }
    return keys;
  }

  private static String nextKind(String kind) {
    return switch (kind) {
      case "inline" -> "group";
      case "group" -> "virtual";
      default -> "inline";
    };
  }

  /** Calls of the changed side's window that did not end OK. */
  private static long failures(Window window) {
    return window.operations().stream().filter(stats -> stats.status() != null && stats.status() != Status.OK)
        .mapToLong(OperationStats::count).sum();
  }

  private Axle provider(String transport, String kind, Instance impl, AxleMetrics metrics) {
    Axle.Builder builder = Runtimes.providerBuilder(transport, impl, Map.of("axle.executors.default", kind));
    if (metrics == null) {
      return runtimes.start(builder);
    }
    Axle provider = runtimes.start(builder.listener(metrics.listener()));
    metrics.start(provider);
    return provider;
  }

  private static int port(Axle runtime, String transport) {
    return runtime.endpoint(transport).orElseThrow().port();
  }

  /** Windows closed only by {@link AxleMetrics#tick()}: the clock's would come after a minute. */
  private static AxleMetrics metrics() {
    return AxleMetrics.create(Runtimes.config(Map.of("axle.metrics.window_time", "60s")),
        new AxleMetricsTest.ListSink());
  }

  /** An instance whose {@code delayedEcho} answers its name after its own delay, counting the calls it runs. */
  static final class Instance extends EchoServiceImpl {
    final String name;
    final int delayMs;
    final AtomicInteger calls = new AtomicInteger();
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger maxInFlight = new AtomicInteger();

    Instance(String name, int delayMs) {
      this.name = name;
      this.delayMs = delayMs;
    }

    @Override
    public CompletableFuture<String> delayedEcho(String message, int ignored) {
      calls.incrementAndGet();
      maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
      CompletableFuture<String> answer = new CompletableFuture<>();
      TIMER.schedule(() -> {
        inFlight.decrementAndGet();
        answer.complete(name);
      }, delayMs, TimeUnit.MILLISECONDS);
      return answer;
    }
  }

  /** A call that did not answer: its status (null when not an Axle error), the error, and when it started. */
  record Failure(Status status, Throwable error, long startedAt) {
  }

  /** {@link #CALLERS} threads calling until stopped, each waiting for its answer before the next call. */
  private static final class Load {
    final List<Failure> failures = new CopyOnWriteArrayList<>();
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicInteger ended = new AtomicInteger();
    private final AtomicInteger answered = new AtomicInteger();
    private final List<Thread> threads = new ArrayList<>();

    Load(java.util.function.Supplier<CompletableFuture<String>> call) {
      for (int i = 0; i < CALLERS; i++) {
        threads.add(Thread.ofPlatform().daemon().name("live-change-caller-" + i).start(() -> {
          while (running.get()) {
            long start = System.nanoTime();
            try {
              call.get().join();
              answered.incrementAndGet();
            } catch (CompletionException | AxleException e) {
              Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
              failures.add(new Failure(cause instanceof AxleException axle ? axle.status() : null, cause, start));
            }
            ended.incrementAndGet();
          }
        }));
      }
    }

    /** Waits until {@code count} more calls ended. */
    void await(int count) {
      await(ended, count, "ended");
    }

    /** Waits until {@code count} more calls were answered. */
    void awaitAnswered(int count) {
      await(answered, count, "answered");
    }

    private static void await(AtomicInteger counter, int count, String what) {
      int target = counter.get() + count;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (counter.get() < target) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError(counter.get() + " calls " + what + " after 20 s (expected: " + target + ")");
        }
        java.util.concurrent.locks.LockSupport.parkNanos(2_000_000);
      }
    }

    void stop() throws InterruptedException {
      running.set(false);
      for (Thread thread : threads) {
        thread.join(10_000);
      }
    }
  }
}
