package io.axle.rest.client;

import static io.axle.Stage.CONSUMER_CONNECTED;
import static io.axle.Stage.CONSUMER_DECODED;
import static io.axle.Stage.CONSUMER_ENCODED;
import static io.axle.Stage.CONSUMER_END;
import static io.axle.Stage.CONSUMER_RECEIVED;
import static io.axle.Stage.CONSUMER_SEND;
import static io.axle.Stage.CONSUMER_START;
import static io.axle.Stage.CONSUMER_WRITTEN;
import static io.axle.Stage.PROVIDER_DECODED;
import static io.axle.Stage.PROVIDER_ENCODED;
import static io.axle.Stage.PROVIDER_EXECUTE;
import static io.axle.Stage.PROVIDER_EXECUTED;
import static io.axle.Stage.PROVIDER_RECEIVED;
import static io.axle.Stage.PROVIDER_SENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What an {@link InvocationListener} hears of a REST call, on both sides: each stage once, in the
 * enum's order, with non-decreasing times, then the end with the call's status.
 */
class RestStageEventsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final List<String> CONSUMER_STAGES = names(CONSUMER_START, CONSUMER_SEND, CONSUMER_ENCODED,
      CONSUMER_CONNECTED, CONSUMER_WRITTEN, CONSUMER_RECEIVED, CONSUMER_DECODED, CONSUMER_END);
  private static final List<String> PROVIDER_STAGES = names(PROVIDER_RECEIVED, PROVIDER_DECODED, PROVIDER_EXECUTE,
      PROVIDER_EXECUTED, PROVIDER_ENCODED, PROVIDER_SENT);

  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
  }

  /** Records what it hears, in order, and counts down once per end. */
  static final class Recorder implements InvocationListener {
    record Heard(Call invocation, String what, long nanos) {
    }

    final List<Heard> heard = new ArrayList<>();
    final CountDownLatch ended;

    Recorder(int ends) {
      ended = new CountDownLatch(ends);
    }

    @Override
    public synchronized void onStage(Call invocation, Stage stage) {
      heard.add(new Heard(invocation, stage.name(), invocation.stageNanos(stage)));
    }

    @Override
    public void onEnd(Call invocation, Response response) {
      synchronized (this) {
        heard.add(new Heard(invocation, "end(" + response.status() + ")", 0));
      }
      ended.countDown();
    }

    List<Heard> awaitEnds() throws InterruptedException {
      assertThat(ended.await(10, TimeUnit.SECONDS)).as("the calls ended within 10 s").isTrue();
      return snapshot();
    }

    synchronized List<Heard> snapshot() {
      return List.copyOf(heard);
    }
  }

  private Axle provider(Recorder recorder) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", Runtimes.SERVICE);
    entries.put("axle.rest.address", "127.0.0.1:0");
    entries.put("axle.rest.server.thread-count", 1);
    entries.put("axle.rest.client.thread-count", 1);
    Axle provider = runtimes.start(Axle.builder().config(Runtimes.config(entries)).listener(recorder)
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()));
    toClose.add(provider);
    return provider;
  }

  private EchoService consumer(int port, Recorder recorder) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", "test-consumer");
    entries.put("axle.registry.local." + Runtimes.SERVICE, "rest://127.0.0.1:" + port);
    entries.put("axle.references.transport", "rest");
    entries.put("axle.rest.server.thread-count", 1);
    entries.put("axle.rest.client.thread-count", 1);
    Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(entries)).listener(recorder));
    toClose.add(consumer);
    return consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
  }

  @Test
  void aSuccessfulCall_firesEveryStageOnce_inOrder_onBothSides() throws Exception {
    Recorder providerHeard = new Recorder(1);
    Recorder consumerHeard = new Recorder(1);
    Axle provider = provider(providerHeard);
    EchoService echo = consumer(provider.endpoint("rest").orElseThrow().port(), consumerHeard);

    assertThat(echo.echo("hi")).isEqualTo("hi");

    assertCall(consumerHeard.awaitEnds(), Role.CONSUMER, CONSUMER_STAGES, "end(OK)");
    assertCall(providerHeard.awaitEnds(), Role.PROVIDER, PROVIDER_STAGES, "end(OK)");
  }

  @Test
  void aProviderException_firesTheSameStages_andEndsWithProviderErrorOnBothSides() throws Exception {
    Recorder providerHeard = new Recorder(1);
    Recorder consumerHeard = new Recorder(1);
    Axle provider = provider(providerHeard);
    EchoService echo = consumer(provider.endpoint("rest").orElseThrow().port(), consumerHeard);

    assertThatThrownBy(() -> echo.fail("boom")).isInstanceOfSatisfying(AxleException.class,
        e -> assertThat(e.status()).isEqualTo(Status.PROVIDER_ERROR));

    assertCall(consumerHeard.awaitEnds(), Role.CONSUMER, CONSUMER_STAGES, "end(PROVIDER_ERROR)");
    assertCall(providerHeard.awaitEnds(), Role.PROVIDER, PROVIDER_STAGES, "end(PROVIDER_ERROR)");
  }

  @Test
  void theRetryOfAKeptAliveConnectionTheServerClosed_doesNotFireConnectedOrWrittenTwice() throws Exception {
    try (RecordingServer server = new RecordingServer()) {
      // The second request on a connection finds it closed, as if the server's idle timer had fired.
      server.respond((request, recorded) -> {
        if (recorded.onConnection() >= 2) {
          request.connection().close();
        } else {
          request.response().putHeader("content-type", "application/json").end("\"ok\"");
        }
      });
      Recorder consumerHeard = new Recorder(2);
      EchoService echo = consumer(server.port(), consumerHeard);

      assertThat(echo.echo("first")).isEqualTo("ok");
      assertThat(echo.echo("second")).isEqualTo("ok");

      List<Recorder.Heard> heard = consumerHeard.awaitEnds();
      assertThat(server.connectionsAccepted()).as("the second call was sent again").isEqualTo(2);
      assertCall(heard.subList(0, heard.size() / 2), Role.CONSUMER, CONSUMER_STAGES, "end(OK)");
      assertCall(heard.subList(heard.size() / 2, heard.size()), Role.CONSUMER, CONSUMER_STAGES, "end(OK)");
    }
  }

  private static void assertCall(List<Recorder.Heard> heard, Role role, List<String> stages, String end) {
    List<String> expected = new ArrayList<>(stages);
    expected.add(end);
    assertThat(heard).extracting(Recorder.Heard::what).containsExactlyElementsOf(expected);
    Call invocation = heard.get(0).invocation();
    assertThat(invocation.role()).isEqualTo(role);
    assertThat(heard).allSatisfy(h -> assertThat(h.invocation()).isSameAs(invocation));
    List<Recorder.Heard> timed = heard.subList(0, stages.size());
    assertThat(timed).allSatisfy(h -> assertThat(h.nanos()).as(h.what()).isNotZero());
    for (int i = 1; i < timed.size(); i++) {
      assertThat(timed.get(i).nanos()).as(timed.get(i).what() + " after " + timed.get(i - 1).what())
          .isGreaterThanOrEqualTo(timed.get(i - 1).nanos());
    }
  }

  private static List<String> names(Stage... stages) {
    List<String> names = new ArrayList<>();
    for (Stage stage : stages) {
      names.add(stage.name());
    }
    return names;
  }
}
