package io.axle.rest.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Filter;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoService.Color;
import io.axle.testing.Pojo;
import io.axle.testing.Runtimes;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What the REST client puts on the wire for each kind of mapping, read by a plain HTTP server. */
class RestRequestBuildingTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private RecordingServer server;
  private Axle consumer;

  @BeforeEach
  void startServer() {
    server = new RecordingServer();
  }

  @AfterEach
  void stop() {
    if (consumer != null) {
      consumer.stop();
    }
    server.close();
  }

  private Axle consumer(Map<String, Object> extra, Filter... filters) {
    if (consumer != null) {
      throw new IllegalStateException("one consumer per test");
    }
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", "test-consumer");
    entries.put("axle.registry.local." + Runtimes.SERVICE, "rest://127.0.0.1:" + server.port());
    entries.put("axle.references.transport", "rest");
    entries.put("axle.rest.client.thread-count", 1);
    entries.put("axle.rest.server.thread-count", 1);
    entries.putAll(extra);
    Axle.Builder builder = Axle.builder().config(Runtimes.config(entries));
    for (Filter filter : filters) {
      builder.consumerFilter(filter);
    }
    consumer = runtimes.start(builder);
    return consumer;
  }

  private UserApi users() {
    return (consumer != null ? consumer : consumer(Map.of())).reference(UserApi.class, Runtimes.SERVICE, "UserApi");
  }

  private EchoService echo() {
    return (consumer != null ? consumer : consumer(Map.of()))
        .reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
  }

  @Test
  void pathVariables_arePercentEncodedSegments_queryListsRepeat_andNullsAreLeftOut() throws Exception {
    server.respondJson(200, "\"found\"");
    UserApi users = users();

    assertThat(users.file(42, "a b/c?d#e%", List.of("x", "y z&w=1"), null, "t-1")).isEqualTo("found");

    RecordingServer.Recorded request = server.next();
    assertThat(request.method()).isEqualTo(HttpMethod.GET);
    assertThat(request.uri()).isEqualTo("/users/42/files/a%20b%2Fc%3Fd%23e%25?tag=x&tag=y%20z%26w%3D1");
    assertThat(request.header("x-trace")).isEqualTo("t-1");
    assertThat(request.header("accept")).isEqualTo("application/json");
    assertThat(request.header("content-type")).as("no body, no content type").isNull();
    assertThat(request.body()).isEmpty();
  }

  @Test
  void anEnumTravelsByName_andAnEmptyOptionalIsLeftOut() throws Exception {
    server.respondJson(200, "[\"GREEN\",\"BLUE\"]");
    UserApi users = users();

    assertThat(users.colors(Color.RED, Optional.empty()).get(10, TimeUnit.SECONDS))
        .containsExactly(Color.GREEN, Color.BLUE);
    assertThat(server.next().uri()).isEqualTo("/users/colors?c=RED");

    assertThat(users.colors(Color.BLUE, Optional.of("v w")).get(10, TimeUnit.SECONDS)).hasSize(2);
    assertThat(server.next().uri()).isEqualTo("/users/colors?c=BLUE&o=v%20w");
  }

  @Test
  void requestBody_isTheArgumentAsJson_andTheAnswerIsReadAsTheResultType() throws Exception {
    // The server answers with the body it read, so the result is the argument after a round trip.
    server.respond((request, recorded) -> request.response().putHeader("content-type", "application/json")
        .end(recorded.body()));
    Pojo pojo = new Pojo("root", 7);
    pojo.tags = List.of("a", "b");
    pojo.counts = Map.of("x", 1);
    pojo.child = new Pojo("child", 8);

    assertThat(users().update("u 1", pojo)).isEqualTo(pojo);

    RecordingServer.Recorded request = server.next();
    assertThat(request.method()).isEqualTo(HttpMethod.PUT);
    assertThat(request.uri()).isEqualTo("/users/u%201");
    assertThat(request.header("content-type")).isEqualTo("application/json");
    JsonNode body = JSON.readTree(request.body());
    assertThat(body.get("name").asString()).isEqualTo("root");
    assertThat(body.get("child").get("id").asLong()).isEqualTo(8);
    assertThat(body.get("tags").size()).isEqualTo(2);
  }

  @Test
  void rpcStyle_postsAnObjectOfNamedArguments_nullsIncluded() throws Exception {
    server.respondJson(200, "42");
    EchoService echo = echo();

    assertThat(echo.add(40, 2)).isEqualTo(42);
    RecordingServer.Recorded add = server.next();
    assertThat(add.method()).isEqualTo(HttpMethod.POST);
    assertThat(add.uri()).isEqualTo("/EchoService/add");
    assertThat(add.header("content-type")).isEqualTo("application/json");
    assertThat(JSON.readTree(add.body())).isEqualTo(JSON.readTree("{\"a\":40,\"b\":2}"));

    server.respondJson(200, "null");
    assertThat(echo.echo(null)).isNull();
    assertThat(JSON.readTree(server.next().body())).isEqualTo(JSON.readTree("{\"message\":null}"));

    server.respondJson(200, "\"AQID\"");
    assertThat(echo.reverse(new byte[] {3, 2, 1})).containsExactly(1, 2, 3);
    assertThat(JSON.readTree(server.next().body()).get("bytes").asString()).as("byte[] as base64").isEqualTo("AwIB");
  }

  @Test
  void genericResults_areReadWithTheirTypeArguments() throws Exception {
    server.respondJson(200, "{\"g\":[{\"name\":\"p\",\"id\":1,\"tags\":[\"t\"]}]}");

    Map<String, List<Pojo>> groups = users().groups();

    assertThat(groups.get("g")).hasSize(1);
    assertThat(groups.get("g").get(0)).isInstanceOf(Pojo.class);
    assertThat(groups.get("g").get(0).tags).containsExactly("t");
  }

  @Test
  void nullAndEmptyAnswers_areNullResults_andPrimitivesGetTheirDefault() throws Exception {
    server.respondJson(200, "null");
    EchoService echo = echo();
    assertThat(echo.add(1, 2)).as("null for an int").isZero();

    server.respond((request, recorded) -> request.response().setStatusCode(204).end());
    users().delete("x");
    assertThat(server.next().method()).isEqualTo(HttpMethod.POST);
    assertThat(server.next().method()).isEqualTo(HttpMethod.DELETE);
  }

  @Test
  void deadlineAndContext_travelInAxleHeaders() throws Exception {
    server.respondJson(200, "\"ok\"");
    Filter addContext = (invocation, next) -> {
      invocation.context().put("trace-id", "t-42");
      invocation.context().put("quote", "a\"b");
      return next.proceed(invocation);
    };
    EchoService echo = consumer(Map.of("axle.request.timeout", 5000), addContext)
        .reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

    echo.echo("x");

    RecordingServer.Recorded request = server.next();
    assertThat(Long.parseLong(request.header("x-axle-timeout-ms"))).isBetween(1L, 5000L);
    assertThat(JSON.readTree(request.header("x-axle-context")))
        .isEqualTo(JSON.readTree("{\"trace-id\":\"t-42\",\"quote\":\"a\\\"b\"}"));
  }

  @Test
  void aCallThatWaitedForAConnection_sendsTheTimeLeftWhenItIsSent() throws Exception {
    // The first call holds the only connection for 300 ms; the second waits for it, then goes.
    server.respond((request, recorded) -> Vertx.currentContext().owner().setTimer(300,
        id -> request.response().putHeader("content-type", "application/json").end("\"ok\"")));
    EchoService echo = consumer(Map.of("axle.request.timeout", 5000, "axle.rest.client.connection.maxPoolSize", 1))
        .reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

    var first = echo.echoAsync("first");
    var second = echo.echoAsync("second");
    first.get(10, TimeUnit.SECONDS);
    second.get(10, TimeUnit.SECONDS);

    long firstBudget = Long.parseLong(server.next().header("x-axle-timeout-ms"));
    long secondBudget = Long.parseLong(server.next().header("x-axle-timeout-ms"));
    assertThat(secondBudget).as("sent after waiting ~300 ms for the connection (first: %s)", firstBudget)
        .isLessThanOrEqualTo(4800).isLessThan(firstBudget);
  }

  @Test
  void noContext_sendsNoContextHeader() throws Exception {
    server.respondJson(200, "\"ok\"");
    echo().echo("x");
    assertThat(server.next().header("x-axle-context")).isNull();
  }

  @Test
  void anAxleErrorBody_becomesTheSameStatusAndMessage() {
    server.respondJson(503, "{\"status\":503,\"error\":\"OVERLOADED\",\"message\":\"executor 'default' is full\"}");
    EchoService echo = echo();
    assertThatThrownBy(() -> echo.echo("x"))
        .isInstanceOfSatisfying(AxleException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.OVERLOADED);
          assertThat(e.getMessage()).isEqualTo("executor 'default' is full");
        });

    server.respond((request, recorded) -> request.response().setStatusCode(502).end("bad gateway"));
    assertThatThrownBy(() -> echo.echo("x"))
        .isInstanceOfSatisfying(AxleException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.INTERNAL_ERROR);
          assertThat(e.getMessage()).isEqualTo("EchoService.echo failed with HTTP 502: bad gateway");
        });
  }

  @Test
  void aResultThatDoesNotDecode_isAnInternalErrorNamingTheOperation() {
    server.respondJson(200, "{\"not\":\"an int\"}");
    EchoService echo = echo();
    assertThatThrownBy(() -> echo.add(1, 2))
        .isInstanceOfSatisfying(AxleException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.INTERNAL_ERROR);
          assertThat(e.getMessage()).startsWith("cannot decode the result of EchoService.add: ");
        });
  }

  @Test
  void aNullPathVariable_isABadRequest_andNothingIsSent() {
    UserApi users = users();
    assertThatThrownBy(() -> users.update(null, new Pojo("p", 1)))
        .isInstanceOfSatisfying(AxleException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.BAD_REQUEST);
          assertThat(e.getMessage()).isEqualTo("UserApi.update: path variable {id} is null "
              + "(expected: a value; a path segment cannot be left out)");
        });
    assertThat(server.requests).isEmpty();
  }

  @Test
  void aHeaderValueThatCannotTravel_isABadRequest_andNothingIsSent() throws Exception {
    server.respondJson(200, "\"ok\"");
    UserApi users = users();
    assertThatThrownBy(() -> users.file(1, "f", List.of(), null, "line\r\nx-injected: yes"))
        .isInstanceOfSatisfying(AxleException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.BAD_REQUEST);
          assertThat(e.getMessage()).startsWith("cannot encode the arguments of UserApi.file: ");
        });
    assertThat(users.file(1, "f", List.of(), null, "fine")).as("the next call goes through").isEqualTo("ok");
    assertThat(server.next().header("x-injected")).isNull();
    assertThat(server.requests).isEmpty();
  }
}
