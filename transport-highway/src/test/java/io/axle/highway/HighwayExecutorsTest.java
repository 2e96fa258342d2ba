package io.axle.highway;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.executor.AxleExecutor;
import io.axle.executor.AxleExecutors;
import io.axle.executor.ExecutorKind;
import io.axle.executor.ExecutorStats;
import io.axle.executor.GroupExecutor;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Each executor kind runs the provider's method on the kind of thread the threading contract promises. */
class HighwayExecutorsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
      "inline, eventloop:vert.x-eventloop-thread-",
      "group, pool:axle-default-g",
      "virtual, virtual:axle-virtual-default-"})
  void executorKind_runsHandlerOnTheExpectedThread(String executor, String expectedPrefix) {
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of("axle.executors.default", executor));
        Axle consumer = runtimes.consumer(provider, "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      for (int i = 0; i < 20; i++) {
        assertThat(echo.threadInfo()).startsWith(expectedPrefix);
      }
    }
  }

  @Test
  void perOperationKey_overridesTheDefaultExecutor() {
    Map<String, Object> config = Map.of(
        "axle.executors.default", "group",
        "axle.executors.Provider.EchoService.threadInfo", "virtual");
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), config);
        Axle consumer = runtimes.consumer(provider, "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThat(echo.threadInfo()).startsWith("virtual:");
    }
  }

  @Test
  void servicecombAliasKey_selectsTheExecutorToo() {
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(),
            Map.of("servicecomb.executors.Provider.EchoService", "inline"));
        Axle consumer = runtimes.consumer(provider, "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThat(echo.threadInfo()).startsWith("eventloop:");
    }
  }

  @Test
  void groupExecutor_eachEventLoopAlwaysFeedsTheSameGroup() {
    GroupExecutor pool = AxleExecutors.group("pool").groups(2).threadsPerGroup(2).build();
    RecordingExecutor recording = new RecordingExecutor(pool);
    Axle provider = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.service.name", Runtimes.SERVICE, "axle.highway.address", "127.0.0.1:0",
            "axle.highway.server.thread-count", 2, "axle.highway.client.thread-count", 1,
            "axle.executors.default", "pool")))
        .executor("pool", recording)
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()));
    try (provider; Axle consumer = runtimes.consumer(provider, "highway", Map.of("axle.highway.client.thread-count", 4))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      for (int i = 0; i < 200; i++) {
        assertThat(echo.threadInfo()).startsWith("pool:axle-pool-g");
      }
    }
    assertThat(recording.groupsBySubmitter).isNotEmpty();
    recording.groupsBySubmitter.forEach((submitter, groups) -> {
      assertThat(submitter).startsWith("vert.x-eventloop-thread-");
      assertThat(groups).as("groups fed by %s", submitter).hasSize(1);
    });
    if (recording.groupsBySubmitter.size() == 2) {
      // Bound round-robin: two event loops go to two different groups.
      Set<Integer> used = ConcurrentHashMap.newKeySet();
      recording.groupsBySubmitter.values().forEach(used::addAll);
      assertThat(used).containsExactlyInAnyOrder(0, 1);
    }
  }

  /** Records, for each submitting thread, the groups its tasks ran on. */
  private static final class RecordingExecutor implements AxleExecutor {
    final GroupExecutor delegate;
    final Map<String, Set<Integer>> groupsBySubmitter = new ConcurrentHashMap<>();
    final CopyOnWriteArrayList<Throwable> errors = new CopyOnWriteArrayList<>();

    RecordingExecutor(GroupExecutor delegate) {
      this.delegate = delegate;
    }

    @Override
    public String name() {
      return delegate.name();
    }

    @Override
    public ExecutorKind kind() {
      return delegate.kind();
    }

    @Override
    public void execute(Runnable task) {
      String submitter = Thread.currentThread().getName();
      delegate.execute(() -> {
        groupsBySubmitter.computeIfAbsent(submitter, k -> ConcurrentHashMap.newKeySet()).add(GroupExecutor.currentGroup());
        task.run();
      });
    }

    @Override
    public ExecutorStats stats() {
      return delegate.stats();
    }

    @Override
    public boolean shutdown(Duration timeout) {
      return delegate.shutdown(timeout);
    }
  }
}
