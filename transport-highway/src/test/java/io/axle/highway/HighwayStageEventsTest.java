package io.axle.highway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A call's stage events arrive once each, in the documented order, on both sides (OkHttp-style). */
class HighwayStageEventsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final List<String> CONSUMER = List.of("CONSUMER_START", "CONSUMER_SEND", "CONSUMER_ENCODED",
      "CONSUMER_CONNECTED", "CONSUMER_WRITTEN", "CONSUMER_RECEIVED", "CONSUMER_DECODED", "CONSUMER_END");
  private static final List<String> PROVIDER = List.of("PROVIDER_RECEIVED", "PROVIDER_DECODED", "PROVIDER_EXECUTE",
      "PROVIDER_EXECUTED", "PROVIDER_ENCODED", "PROVIDER_SENT");

  /** Records one role's events of one operation, checking that the clock never goes back. */
  static final class Recorder implements InvocationListener {
    final Role role;
    final List<String> events = new ArrayList<>();
    final List<String> problems = new ArrayList<>();
    final CountDownLatch ended = new CountDownLatch(1);
    long last;

    Recorder(Role role) {
      this.role = role;
    }

    @Override
    public synchronized void onStage(Call invocation, Stage stage) {
      if (invocation.role() != role) {
        problems.add(stage + " heard by the " + role + " listener");
      }
      long at = invocation.stageNanos(stage);
      if (at < last) {
        problems.add(stage + " is earlier than the stage before it");
      }
      last = at;
      events.add(stage.name());
    }

    @Override
    public synchronized void onEnd(Call invocation, Response response) {
      events.add("end:" + response.status());
      ended.countDown();
    }

    synchronized List<String> snapshot() {
      return List.copyOf(events);
    }
  }

  private static List<String> with(List<String> stages, String end) {
    List<String> all = new ArrayList<>(stages);
    all.add("end:" + end);
    return all;
  }

  private void run(String executor, java.util.function.Consumer<EchoService> call, String outcome) throws Exception {
    Recorder provided = new Recorder(Role.PROVIDER);
    Recorder consumed = new Recorder(Role.CONSUMER);
    Axle provider = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.highway.address", "127.0.0.1:0", "axle.highway.server.thread-count", 1,
            "axle.highway.client.thread-count", 1, "axle.executors.default", executor)))
        .listener(provided)
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()));
    Axle consumer = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.registry.local." + Runtimes.SERVICE,
            "highway://127.0.0.1:" + provider.endpoint("highway").orElseThrow().port(),
            "axle.highway.client.thread-count", 1, "axle.highway.server.thread-count", 1)))
        .listener(consumed));
    try (provider; consumer) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      call.accept(echo);
      assertThat(consumed.ended.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(provided.ended.await(10, TimeUnit.SECONDS)).isTrue();
      assertThat(consumed.snapshot()).containsExactlyElementsOf(with(CONSUMER, outcome));
      assertThat(provided.snapshot()).containsExactlyElementsOf(with(PROVIDER, outcome));
      assertThat(consumed.problems).isEmpty();
      assertThat(provided.problems).isEmpty();
    }
  }

  @Test
  void successfulCall_onAPool_firesEveryStageOnceInOrder() throws Exception {
    run("group", echo -> assertThat(echo.echo("x")).isEqualTo("x"), "OK");
  }

  @Test
  void successfulCall_inline_firesEveryStageOnceInOrder() throws Exception {
    run("inline", echo -> assertThat(echo.echo("x")).isEqualTo("x"), "OK");
  }

  @Test
  void providerException_firesTheSameStages_andEndsWithItsStatus() throws Exception {
    run("group", echo -> assertThatThrownBy(() -> echo.fail("boom")).isInstanceOf(AxleException.class),
        "PROVIDER_ERROR");
  }
}
