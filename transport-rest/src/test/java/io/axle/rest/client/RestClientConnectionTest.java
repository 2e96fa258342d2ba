package io.axle.rest.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Filter;
import io.axle.Status;
import io.axle.testing.AsyncChains;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The REST client's connections: kept-alive connections the server closed are not the caller's
 * problem, broken answers are, deadlines are deadlines, and pools and stops behave as configured.
 */
class RestClientConnectionTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
  }

  private RecordingServer server() {
    RecordingServer server = new RecordingServer();
    toClose.add(server);
    return server;
  }

  private EchoService echo(int port, Map<String, Object> extra) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", "test-consumer");
    entries.put("axle.registry.local." + Runtimes.SERVICE, "rest://127.0.0.1:" + port);
    entries.put("axle.references.transport", "rest");
    entries.put("axle.rest.client.thread-count", 1);
    entries.put("axle.rest.server.thread-count", 1);
    entries.putAll(extra);
    Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(entries)));
    toClose.add(consumer);
    return consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
  }

  @Test
  void anAsyncCallMadeInACallback_staysOnTheClientLoopThatAnsweredTheCallBefore() throws Exception {
    Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of());
    toClose.add(provider);
    Axle consumer = runtimes.consumer(provider, "rest", Map.of("axle.rest.client.thread-count", 4));
    toClose.add(consumer);
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    List<List<Thread>> chains = AsyncChains.run(echo, 8, 30, (step, next) -> next.run());
    for (List<Thread> completedOn : chains) {
      assertThat(completedOn).hasSize(29);
      assertThat(Set.copyOf(completedOn)).as("threads that completed one chain's calls").hasSize(1);
    }
  }

  private static void ok(HttpServerRequest request, RecordingServer.Recorded recorded) {
    request.response().putHeader("content-type", "application/json").end("\"ok\"");
  }

  private static AxleException failure(ThrowingCall call) {
    try {
      call.run();
    } catch (AxleException e) {
      return e;
    } catch (ExecutionException e) {
      return (AxleException) e.getCause();
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    throw new AssertionError("the call succeeded");
  }

  interface ThrowingCall {
    void run() throws Exception;
  }

  @Test
  void aKeptAliveConnectionTheServerClosed_isNotTheCallersProblem_theCallIsSentOnceMore() throws Exception {
    RecordingServer server = server();
    // The server takes the second request on a connection as the moment its idle timer closed it.
    server.respond((request, recorded) -> {
      if (recorded.onConnection() >= 2) {
        request.connection().close();
      } else {
        ok(request, recorded);
      }
    });
    EchoService echo = echo(server.port(), Map.of());

    assertThat(echo.echo("first")).isEqualTo("ok");
    assertThat(echo.echo("second")).isEqualTo("ok");

    assertThat(List.of(server.next(), server.next(), server.next()))
        .extracting(r -> r.connection() + "#" + r.onConnection())
        .containsExactly("1#1", "1#2", "2#1");
    assertThat(server.requests.poll(200, TimeUnit.MILLISECONDS)).as("no further attempt").isNull();
  }

  private PipeliningServer pipeliningServer(java.util.function.Consumer<PipeliningServer.Connection> policy) {
    PipeliningServer server = new PipeliningServer(policy);
    toClose.add(server);
    return server;
  }

  private static final Map<String, Object> PIPELINING_ONE_CONNECTION = Map.of("axle.rest.client.pipelining", true,
      "axle.rest.client.connection.maxPoolSize", 1);

  /** Makes {@code count} async calls at once and checks each is answered "ok". */
  private static void allAnsweredOk(EchoService echo, int count) throws Exception {
    List<CompletableFuture<String>> calls = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      calls.add(echo.echoAsync("m" + i));
    }
    for (CompletableFuture<String> call : calls) {
      assertThat(call.get(10, TimeUnit.SECONDS)).isEqualTo("ok");
    }
  }

  @Test
  void pipelining_sendsTheNextRequestsBeforeTheFirstIsAnswered_onOneConnection() throws Exception {
    // Answers nothing until five requests wait on the connection: a client that waits for each answer hangs.
    PipeliningServer server = pipeliningServer(connection -> {
      if (connection.held() == 5) {
        connection.answerAll();
      }
    });
    EchoService echo = echo(server.port(), PIPELINING_ONE_CONNECTION);

    allAnsweredOk(echo, 5);
    assertThat(server.connections).hasSize(1);
    assertThat(server.connections.get(0).mostHeld).isEqualTo(5);
  }

  @Test
  void pipelining_theLimitCapsTheRequestsOneConnectionCarriesUnanswered() throws Exception {
    PipeliningServer server = pipeliningServer(connection -> {
      if (connection.held() == 2) {
        connection.answerAll();
      }
    });
    EchoService echo = echo(server.port(), Map.of("axle.rest.client.pipelining", true,
        "axle.rest.client.pipelining-limit", 2, "axle.rest.client.connection.maxPoolSize", 1));

    allAnsweredOk(echo, 6);
    assertThat(server.connections).hasSize(1);
    assertThat(server.connections.get(0).mostHeld).isEqualTo(2);
  }

  @Test
  void pipelining_onAClosedConnection_onlyTheRequestThatWentOutAloneIsSentAgain() throws Exception {
    // The first connection answers its first request, then closes once three more wait: the provider may
    // have run the second and third before closing, so only the first of them, sent alone, may go again.
    PipeliningServer server = pipeliningServer(connection -> {
      if (connection.number > 1 || connection.bodies.size() == 1) {
        connection.answerAll();
      } else if (connection.held() == 3) {
        connection.close();
      }
    });
    EchoService echo = echo(server.port(), PIPELINING_ONE_CONNECTION);
    assertThat(echo.echo("warm")).isEqualTo("ok");

    List<CompletableFuture<String>> calls = List.of(echo.echoAsync("a"), echo.echoAsync("b"), echo.echoAsync("c"));

    assertThat(calls.get(0).get(10, TimeUnit.SECONDS)).isEqualTo("ok");
    for (CompletableFuture<String> call : calls.subList(1, 3)) {
      AxleException e = failure(() -> call.get(10, TimeUnit.SECONDS));
      assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
      assertThat(e.getMessage()).endsWith(": the connection closed before the response arrived");
    }
    assertThat(server.connections).hasSize(2);
    assertThat(server.connections.get(0).bodies).containsExactly("{\"message\":\"warm\"}", "{\"message\":\"a\"}",
        "{\"message\":\"b\"}", "{\"message\":\"c\"}");
    assertThat(server.connections.get(1).bodies).containsExactly("{\"message\":\"a\"}");
  }

  @Test
  void aFreshConnectionClosedBeforeTheAnswer_failsTheCall_withoutASecondAttempt() throws Exception {
    RecordingServer server = server();
    server.respond((request, recorded) -> request.connection().close());
    EchoService echo = echo(server.port(), Map.of());

    AxleException e = failure(() -> echo.echo("x"));

    assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
    assertThat(e.getMessage()).isEqualTo("EchoService.echo failed on rest://127.0.0.1:" + server.port()
        + ": the connection closed before the response arrived");
    server.next();
    assertThat(server.requests.poll(300, TimeUnit.MILLISECONDS)).as("no second attempt").isNull();
  }

  @Test
  void anAnswerThatStartedAndBroke_isNeverSentAgain() throws Exception {
    RecordingServer server = server();
    server.respond((request, recorded) -> {
      if (recorded.onConnection() == 1) {
        ok(request, recorded);
      } else {
        request.response().setChunked(true).putHeader("content-type", "application/json").write("\"partial")
            .onComplete(written -> request.connection().close());
      }
    });
    EchoService echo = echo(server.port(), Map.of());
    echo.echo("first");

    AxleException e = failure(() -> echo.echo("second"));

    assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
    assertThat(e.getMessage()).isEqualTo("EchoService.echo failed on rest://127.0.0.1:" + server.port()
        + ": the connection closed before the response arrived");
    server.next();
    server.next();
    assertThat(server.requests.poll(300, TimeUnit.MILLISECONDS)).as("no third request").isNull();
  }

  @Test
  void aSecondAttemptThatCannotConnect_reportsWhatHappenedToTheFirst() throws Exception {
    RecordingServer server = server();
    server.respond((request, recorded) -> {
      if (recorded.onConnection() == 1) {
        ok(request, recorded);
      } else {
        server.closeServer();
      }
    });
    EchoService echo = echo(server.port(), Map.of());
    echo.echo("first");

    AxleException e = failure(() -> echo.echo("second"));

    assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
    assertThat(e.getMessage()).isEqualTo("EchoService.echo failed on rest://127.0.0.1:" + server.port()
        + ": the connection closed before the response arrived");
  }

  @Test
  void theTimeoutIsADeadline_itFiresWhileBytesKeepTrickling_andResetsTheRequest() throws Exception {
    RecordingServer server = server();
    AtomicInteger trickles = new AtomicInteger();
    server.respond((request, recorded) -> {
      request.response().setChunked(true).putHeader("content-type", "application/json").write("\"");
      io.vertx.core.Vertx vertx = io.vertx.core.Vertx.currentContext().owner();
      long timer = vertx.setPeriodic(20, id -> {
        trickles.incrementAndGet();
        request.response().write(" ");
      });
      request.connection().closeHandler(v -> vertx.cancelTimer(timer));
    });
    EchoService echo = echo(server.port(), Map.of("axle.request.timeout", 300));

    AxleException e = failure(() -> echo.echo("slow"));

    assertThat(e.status()).isEqualTo(Status.DEADLINE_EXCEEDED);
    assertThat(e.getMessage()).matches("EchoService\\.echo timed out after [0-9.]+ ms waiting for rest://127\\.0\\.0\\.1:"
        + server.port() + " \\(expected: an answer within axle\\.request\\.timeout\\)");
    assertThat(trickles.get()).as("bytes kept coming until the deadline").isGreaterThan(1);

    server.respond(RestClientConnectionTest::ok);
    assertThat(echo.echo("next")).isEqualTo("ok");
    server.next();
    assertThat(server.next().connection()).as("the reset request's connection is not used again").isEqualTo(2);
  }

  @Test
  void aProviderThatIsDown_failsWithCannotConnect() {
    RecordingServer server = server();
    int port = server.port();
    server.close();
    EchoService echo = echo(port, Map.of());

    AxleException e = failure(() -> echo.echo("nobody home"));

    assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
    assertThat(e.getMessage()).startsWith("EchoService.echo failed on rest://127.0.0.1:" + port + ": cannot connect: ");
  }

  @Test
  void aFullConnectionWaitQueue_failsTheCallAtOnce_namingTheKey() throws Exception {
    RecordingServer server = server();
    List<HttpServerRequest> held = new java.util.concurrent.CopyOnWriteArrayList<>();
    server.respond((request, recorded) -> held.add(request));
    EchoService echo = echo(server.port(), Map.of("axle.rest.client.connection.maxPoolSize", 1,
        "axle.rest.client.connection.max-wait-queue-size", 1));

    CompletableFuture<String> first = echo.echoAsync("first");
    server.next();
    CompletableFuture<String> waiting = echo.echoAsync("waiting");
    AxleException e = failure(() -> echo.echoAsync("rejected").get(10, TimeUnit.SECONDS));

    assertThat(e.status()).isEqualTo(Status.OVERLOADED);
    assertThat(e.getMessage()).isEqualTo("EchoService.echoAsync was not sent to rest://127.0.0.1:" + server.port()
        + ": 1 requests already wait for one of the 1 connections of this REST client "
        + "(raise axle.rest.client.connection.max-wait-queue-size or axle.rest.client.connection.maxPoolSize)");
    assertThat(waiting).as("the waiting call is still waiting").isNotDone();
    server.respond(RestClientConnectionTest::ok);
    ok(held.get(0), null);
    assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo("ok");
    assertThat(waiting.get(10, TimeUnit.SECONDS)).isEqualTo("ok");
  }

  @Test
  void h2c_speaksHttp2WithPriorKnowledge() throws Exception {
    RecordingServer server = server();
    server.respond(RestClientConnectionTest::ok);
    EchoService echo = echo(server.port(), Map.of("axle.rest.client.protocol", "h2c"));

    assertThat(echo.echo("x")).isEqualTo("ok");
    assertThat(echo.echoAsync("y").get(10, TimeUnit.SECONDS)).isEqualTo("ok");

    assertThat(server.next().version()).isEqualTo(HttpVersion.HTTP_2);
    assertThat(server.next().version()).isEqualTo(HttpVersion.HTTP_2);
    assertThat(server.connectionsAccepted()).isEqualTo(1);
  }

  @Test
  void eachClientThread_hasItsOwnPool_andCallsTakeThemInTurn() throws Exception {
    RecordingServer server = server();
    server.respond(RestClientConnectionTest::ok);
    EchoService echo = echo(server.port(), Map.of("axle.rest.client.thread-count", 2,
        "axle.rest.client.connection.maxPoolSize", 1));

    for (int i = 0; i < 6; i++) {
      echo.echo("x" + i);
    }

    List<Integer> connections = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      connections.add(server.next().connection());
    }
    assertThat(connections).containsExactly(1, 2, 1, 2, 1, 2);

    // Each client answers on its own event loop: two loops, taken in turn.
    List<String> threads = new ArrayList<>();
    // Answered after 50 ms, so the callback is attached before the answer comes.
    server.respond((request, recorded) ->
        io.vertx.core.Vertx.currentContext().owner().setTimer(50, id -> ok(request, recorded)));
    for (int i = 0; i < 4; i++) {
      threads.add(echo.echoAsync("t" + i).thenApply(v -> Thread.currentThread().getName()).get(10, TimeUnit.SECONDS));
    }
    assertThat(threads).allMatch(name -> name.startsWith("vert.x-eventloop-thread-"));
    assertThat(threads.get(0)).isNotEqualTo(threads.get(1));
    assertThat(threads).containsExactly(threads.get(0), threads.get(1), threads.get(0), threads.get(1));
  }

  @Test
  void consumerStop_failsCallsStillOpenAfterTheGrace_andRefusesLaterOnes() throws Exception {
    RecordingServer server = server();
    server.respond((request, recorded) -> { });
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.registry.local." + Runtimes.SERVICE, "rest://127.0.0.1:" + server.port());
    entries.put("axle.references.transport", "rest");
    entries.put("axle.rest.client.thread-count", 1);
    Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(entries)));
    toClose.add(consumer);
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    CompletableFuture<String> inFlight = echo.echoAsync("abandoned");
    server.next();

    consumer.stop(Duration.ofMillis(200));

    AxleException e = failure(() -> inFlight.get(10, TimeUnit.SECONDS));
    assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
    assertThat(e.getMessage()).isEqualTo("EchoService.echoAsync failed on rest://127.0.0.1:" + server.port()
        + ": the consumer stopped before the answer arrived (axle.shutdown.timeout elapsed)");
    AxleException refused = failure(() -> echo.echo("after stop"));
    assertThat(refused.status()).isEqualTo(Status.SHUTTING_DOWN);
    assertThat(refused.getMessage()).isEqualTo(
        "EchoService.echo was not sent: the consumer stopped before the answer arrived (axle.shutdown.timeout elapsed)");
  }

  @Test
  void gracefulConsumerStop_letsACallInFlightFinish() throws Exception {
    RecordingServer server = server();
    List<HttpServerRequest> held = new java.util.concurrent.CopyOnWriteArrayList<>();
    server.respond((request, recorded) -> held.add(request));
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.registry.local." + Runtimes.SERVICE, "rest://127.0.0.1:" + server.port());
    entries.put("axle.references.transport", "rest");
    entries.put("axle.rest.client.thread-count", 1);
    Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(entries)));
    toClose.add(consumer);
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    CompletableFuture<String> inFlight = echo.echoAsync("finishes");
    server.next();

    CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> consumer.stop(Duration.ofSeconds(10)));
    Thread.sleep(200);
    assertThat(stopping).as("stop waits for the call in flight").isNotDone();
    ok(held.get(0), null);

    assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("ok");
    stopping.get(15, TimeUnit.SECONDS);
  }

  @Test
  void anAxleProviderClosingIdleConnections_neverFailsTheNextCall() throws Exception {
    AtomicInteger served = new AtomicInteger();
    Filter count = (invocation, next) -> {
      served.incrementAndGet();
      return next.proceed(invocation);
    };
    Axle provider = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.service.name", Runtimes.SERVICE, "axle.rest.address", "127.0.0.1:0",
            "axle.rest.server.thread-count", 1, "axle.rest.client.thread-count", 1,
            "axle.rest.server.idle-timeout", "1s")))
        .providerFilter(count)
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()));
    toClose.add(provider);
    // The client would keep the connection 30 s, far past the server's 1 s.
    EchoService echo = echo(provider.endpoint("rest").orElseThrow().port(),
        Map.of("axle.rest.client.keep-alive-timeout", "30s"));

    for (int i = 0; i < 3; i++) {
      assertThat(echo.echo("call " + i)).isEqualTo("call " + i);
      Thread.sleep(1100);
    }
    assertThat(echo.echo("last")).isEqualTo("last");
    assertThat(served.get()).as("each call ran once").isEqualTo(4);
  }

  @Test
  void h2c_toAnAxleProvider_carriesResultsErrorsAndDeadlines() throws Exception {
    Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of());
    toClose.add(provider);
    EchoService echo = echo(provider.endpoint("rest").orElseThrow().port(), Map.of("axle.rest.client.protocol", "h2c",
        "axle.request.timeout." + Runtimes.SERVICE + ".EchoService.sleepEcho", 50));

    assertThat(echo.echo("over h2c")).isEqualTo("over h2c");
    assertThat(echo.add(40, 2)).isEqualTo(42);
    AxleException failed = failure(() -> echo.fail("bad input"));
    assertThat(failed.status()).isEqualTo(Status.PROVIDER_ERROR);
    assertThat(failed.getMessage()).isEqualTo("EchoService.fail failed: IllegalArgumentException: bad input");
    AxleException late = failure(() -> echo.sleepEcho("slow", 1000));
    assertThat(late.status()).isEqualTo(Status.DEADLINE_EXCEEDED);
    List<CompletableFuture<String>> many = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      many.add(echo.delayedEcho("m" + i, 100 - i));
    }
    for (int i = 0; i < 100; i++) {
      assertThat(many.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("m" + i);
    }
  }
}
