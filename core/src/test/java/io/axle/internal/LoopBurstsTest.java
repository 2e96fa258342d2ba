package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Response;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.executor.AxleExecutor;
import io.axle.executor.AxleExecutors;
import io.axle.executor.ExecutorKind;
import io.axle.executor.ExecutorStats;
import io.axle.executor.GroupExecutor;
import io.axle.executor.RefusableTask;
import io.axle.transport.ProviderOperation;
import io.netty.channel.IoEventLoop;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.local.LocalIoHandler;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Requests served in one iteration of a real Netty I/O loop reach an executor that takes bursts together,
 * once the iteration ends; refusals of a burst are answered one by one.
 */
@Timeout(60)
class LoopBurstsTest {
  public interface Echo {
    String echo(String message);
  }

  static final class EchoImpl implements Echo {
    @Override
    public String echo(String message) {
      return message;
    }
  }

  private static final OperationMeta ECHO = SchemaMeta.of("Echo", Echo.class).operations().get("echo");

  private final MultiThreadIoEventLoopGroup loops = new MultiThreadIoEventLoopGroup(1, LocalIoHandler.newFactory());
  private final IoEventLoop loop = loops.next();

  @AfterEach
  void stopLoops() {
    loops.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
  }

  /** An executor of the application's that takes bursts: records how tasks arrive, then runs them. */
  private static final class RecordingExecutor implements AxleExecutor {
    final List<Integer> bursts = new CopyOnWriteArrayList<>();
    final List<Integer> singles = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
      return "recording";
    }

    @Override
    public ExecutorKind kind() {
      return ExecutorKind.CUSTOM;
    }

    @Override
    public boolean takesBursts() {
      return true;
    }

    @Override
    public void executeAll(List<? extends RefusableTask> tasks) {
      bursts.add(tasks.size());
      tasks.forEach(Runnable::run);
    }

    @Override
    public void execute(Runnable task) {
      singles.add(1);
      task.run();
    }

    @Override
    public ExecutorStats stats() {
      return ExecutorStats.empty();
    }

    @Override
    public boolean shutdown(Duration timeout) {
      return true;
    }
  }

  private static ServedOperation operation(AxleExecutor executor) {
    return new ServedOperation(ECHO, EchoImpl.class, executor, executor.name(),
        FilterChains.build(List.of(), new MethodInvoker(ECHO, new EchoImpl())));
  }

  /** Answers by message. */
  private static final class Answers {
    final Map<String, Response> byMessage = new ConcurrentHashMap<>();
    final CountDownLatch all;

    Answers(int expected) {
      all = new CountDownLatch(expected);
    }

    void serve(ProviderOperation operation, String message) {
      operation.serve(new Object[] {message}, System.nanoTime(), ProviderOperation.NO_DEADLINE, null, "test", null,
          (invocation, response) -> {
            byMessage.put(message, response);
            invocation.end(response);
            all.countDown();
          });
    }

    boolean await() throws InterruptedException {
      return all.await(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void requestsOfOneIteration_reachTheExecutorAsOneBurst_onceTheIterationEnds() throws Exception {
    RecordingExecutor executor = new RecordingExecutor();
    ServedOperation operation = operation(executor);
    Answers answers = new Answers(3);
    CountDownLatch served = new CountDownLatch(1);
    List<Integer> burstsDuringTheIteration = new CopyOnWriteArrayList<>();

    loop.execute(() -> {
      answers.serve(operation, "a");
      answers.serve(operation, "b");
      answers.serve(operation, "c");
      burstsDuringTheIteration.addAll(executor.bursts);
      served.countDown();
    });

    assertThat(served.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(answers.await()).isTrue();
    assertThat(burstsDuringTheIteration).as("bursts handed over while the iteration ran").isEmpty();
    assertThat(executor.bursts).containsExactly(3);
    assertThat(executor.singles).isEmpty();
    assertThat(answers.byMessage).allSatisfy((message, response) -> {
      assertThat(response.status()).isEqualTo(Status.OK);
      assertThat(response.result()).isEqualTo(message);
    });
  }

  @Test
  void requestsServedOffAnIoLoop_areHandedOverOneByOne() throws Exception {
    RecordingExecutor executor = new RecordingExecutor();
    Answers answers = new Answers(2);

    answers.serve(operation(executor), "a");
    answers.serve(operation(executor), "b");

    assertThat(answers.await()).isTrue();
    assertThat(executor.singles).hasSize(2);
    assertThat(executor.bursts).isEmpty();
  }

  @Test
  void aBurstTheGroupHasNoRoomFor_isAnsweredOverloadedForTheRest_andRunsTheFirst() throws Exception {
    GroupExecutor group = AxleExecutors.group("default").groups(1).threadsPerGroup(1).maxQueueSize(2)
        .configPrefix("axle.executor.default").build();
    try {
      ServedOperation operation = operation(group);
      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch busy = new CountDownLatch(1);
      Answers answers = new Answers(3);

      // The loop is bound to the group by its first hand-over: this blocker takes its one thread.
      loop.execute(() -> group.execute(() -> {
        busy.countDown();
        awaitUninterruptibly(release);
      }));
      assertThat(busy.await(30, TimeUnit.SECONDS)).isTrue();
      loop.execute(() -> {
        answers.serve(operation, "a");
        answers.serve(operation, "b");
        answers.serve(operation, "c");
      });
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (answers.byMessage.get("c") == null && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(answers.byMessage.get("c").status()).isEqualTo(Status.OVERLOADED);
      assertThat(answers.byMessage.get("c").error()).hasMessageContaining("executor 'default' group 0 is full");
      assertThat(answers.byMessage).doesNotContainKeys("a", "b");

      release.countDown();
      assertThat(answers.await()).isTrue();
      assertThat(answers.byMessage.get("a").status()).isEqualTo(Status.OK);
      assertThat(answers.byMessage.get("b").status()).isEqualTo(Status.OK);
      assertThat(group.stats().rejected()).isEqualTo(1);
    } finally {
      group.shutdown(Duration.ofSeconds(10));
    }
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    while (true) {
      try {
        latch.await();
        return;
      } catch (InterruptedException ignored) {
        // the test decides when this task ends
      }
    }
  }
}
