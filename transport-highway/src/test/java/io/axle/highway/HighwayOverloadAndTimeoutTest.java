package io.axle.highway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Bounded queues answer at once when full; deadlines fail calls on time and travel to the provider. */
@org.junit.jupiter.api.Tag("slow") // timed scenarios (hedges, deadlines, balancing, overload): outside the fast subset
class HighwayOverloadAndTimeoutTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final Map<String, Object> ONE_THREAD_ONE_SLOT = Map.of(
      "axle.executor.default.group", 1,
      "axle.executor.default.thread-per-group", 1,
      "axle.executor.default.max-queue-size", 1);

  @Test
  void fullGroupQueue_answersWithOverloadErrorAndLosesNothingQueued() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    ExecutorService callers = Executors.newFixedThreadPool(2);
    try (Axle provider = runtimes.provider("highway", impl, ONE_THREAD_ONE_SLOT);
        Axle consumer = runtimes.consumer(provider, "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      Future<String> running = callers.submit(() -> echo.block("first"));
      impl.awaitBlocked();
      // Sent from one thread over one connection, so the provider takes them in this order.
      CompletableFuture<String> queued = echo.echoAsync("second");
      CompletableFuture<String> rejected = echo.echoAsync("third");
      AxleException overload = null;
      try {
        rejected.get(10, TimeUnit.SECONDS);
      } catch (ExecutionException e) {
        overload = (AxleException) e.getCause();
      }
      assertThat(overload).as("a call rejected while the queue is full").isNotNull();
      assertThat(overload.status()).isEqualTo(Status.OVERLOADED);
      assertThat(overload.getMessage()).isEqualTo("executor 'default' group 0 is full: 1 threads busy, 1 requests queued "
          + "(raise axle.executor.default.max-queue-size or axle.executor.default.thread-per-group)");
      assertThat(queued.isDone()).as("the queued call still waits; it was not dropped").isFalse();
      impl.release();
      assertThat(running.get(10, TimeUnit.SECONDS)).isEqualTo("first");
      assertThat(queued.get(10, TimeUnit.SECONDS)).isEqualTo("second");
    } finally {
      impl.release();
      callers.shutdownNow();
    }
  }

  @Test
  void requestTimeout_failsTheCallWhenItsTimerFires() {
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
        // Only the slow operation gets the short timeout: the first call, which connects, may take longer
        // than 30 ms on a loaded machine.
        Axle consumer = runtimes.consumer(provider, "highway", Map.of(
            "axle.request.timeout." + Runtimes.SERVICE + ".EchoService.sleepEcho", 30))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      echo.echo("connect first");
      long start = System.nanoTime();
      assertThatThrownBy(() -> echo.sleepEcho("slow", 1000))
          .isInstanceOfSatisfying(AxleException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED);
            assertThat(e.getMessage()).startsWith("EchoService.sleepEcho timed out after ");
          });
      long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      // Fired by the call's own timer, not by a periodic scan or the 1 s sleep ending.
      assertThat(elapsedMs).isBetween(25L, 900L);
    }
  }

  @Test
  void perOperationTimeout_overridesTheDefault() {
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
        Axle consumer = runtimes.consumer(provider, "highway", Map.of(
            "axle.request.timeout", 30000,
            "axle.request.timeout." + Runtimes.SERVICE + ".EchoService.sleepEcho", "50ms"))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThatThrownBy(() -> echo.sleepEcho("slow", 1000))
          .isInstanceOfSatisfying(AxleException.class, e -> assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED));
      assertThat(echo.sleepEcho("fast enough", 0)).isEqualTo("fast enough");
    }
  }

  @Test
  void asyncCallTimeout_failsTheFuture() {
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
        Axle consumer = runtimes.consumer(provider, "highway", Map.of("axle.request.timeout", 40))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      CompletableFuture<String> future = echo.delayedEcho("late", 500);
      assertThatThrownBy(() -> future.get(10, TimeUnit.SECONDS))
          .hasCauseInstanceOf(AxleException.class)
          .cause().satisfies(e -> assertThat(((AxleException) e).status()).isEqualTo(Status.DEADLINE_EXCEEDED));
    }
  }

  @Test
  void aShortTimeoutAfterALongOne_onTheSameConnection_stillFiresOnTime() throws Exception {
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
        Axle consumer = runtimes.consumer(provider, "highway", Map.of(
            "axle.highway.client.thread-count", 1,
            "axle.request.timeout", 30000,
            "axle.request.timeout." + Runtimes.SERVICE + ".EchoService.sleepEcho", 50))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      echo.echo("connect first");
      // Armed first, due in 30 s: the connection's deadline timer is set for then.
      CompletableFuture<String> slowButInTime = echo.delayedEcho("long", 1500);
      long start = System.nanoTime();
      // Due in 50 ms, answered in 1 s: only a timer brought forward fails it before the answer comes.
      assertThatThrownBy(() -> echo.sleepEcho("slow", 1000))
          .isInstanceOfSatisfying(AxleException.class, e -> assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED));
      assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isBetween(45L, 900L);
      assertThat(slowButInTime.get(10, TimeUnit.SECONDS)).isEqualTo("long");
    }
  }

  @Test
  void manyCallsTimingOutTogether_noneBeforeItsDeadline() {
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
        Axle consumer = runtimes.consumer(provider, "highway", Map.of(
            "axle.highway.client.thread-count", 2,
            "axle.request.timeout." + Runtimes.SERVICE + ".EchoService.delayedEcho", 40))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      echo.echo("connect first");
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        calls.add(echo.delayedEcho("late " + i, 2000));
      }
      Pattern waited = Pattern.compile("EchoService\\.delayedEcho timed out after ([0-9.]+) ms waiting for .+ "
          + "\\(expected: an answer within axle\\.request\\.timeout\\.echo-service\\.EchoService\\.delayedEcho\\)");
      // On a loaded machine a call's 40 ms may pass before its loop takes it: it then fails unsent, as late.
      Pattern unsent = Pattern.compile("EchoService\\.delayedEcho timed out before it (was|could be) sent.*");
      int timedWaits = 0;
      for (CompletableFuture<String> call : calls) {
        Throwable thrown = catchThrowable(() -> call.get(10, TimeUnit.SECONDS));
        assertThat(thrown).as("a call answered after its deadline").hasCauseInstanceOf(AxleException.class);
        AxleException e = (AxleException) thrown.getCause();
        assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED);
        Matcher m = waited.matcher(e.getMessage());
        if (m.matches()) {
          timedWaits++;
          assertThat(Double.parseDouble(m.group(1))).as(e.getMessage()).isBetween(40.0, 1900.0);
        } else {
          assertThat(e.getMessage()).matches(unsent);
        }
      }
      assertThat(timedWaits).as("calls that were sent and timed out waiting").isPositive();
    }
  }

  @Test
  void providerDropsQueuedWork_whoseCallerDeadlineHasPassed() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    ExecutorService callers = Executors.newFixedThreadPool(1);
    Map<String, Object> providerConfig = Map.of("axle.executor.default.group", 1,
        "axle.executor.default.thread-per-group", 1);
    try (Axle provider = runtimes.provider("highway", impl, providerConfig);
        Axle consumer = runtimes.consumer(provider, "highway", Map.of(
            "axle.request.timeout." + Runtimes.SERVICE + ".EchoService.fireAndForget", 50))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      Future<String> blocker = callers.submit(() -> echo.block("hold the only thread"));
      impl.awaitBlocked();
      assertThatThrownBy(() -> echo.fireAndForget("expires in the queue"))
          .isInstanceOfSatisfying(AxleException.class, e -> assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED));
      // The provider counts the 50 ms from when it received the request, a little after the
      // consumer started its timer: let its deadline pass too before the thread frees up.
      Thread.sleep(200);
      impl.release();
      assertThat(blocker.get(10, TimeUnit.SECONDS)).isEqualTo("hold the only thread");
      // The next call runs after the expired one left the queue; had it run, fired would be 2.
      echo.fireAndForget("runs");
      assertThat(impl.fired.get()).isEqualTo(1);
    } finally {
      impl.release();
      callers.shutdownNow();
    }
  }
}
