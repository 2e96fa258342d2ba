package io.axle.rest.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.executor.AxleExecutors;
import io.axle.executor.GroupExecutor;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every error a client can act on is a JSON body {@code {"status","error","message"}} with the
 * real HTTP code, and its message names what was wrong.
 */
class RestServerErrorsTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  /** What core's notFoundMessage lists: the served operations in registration order, cut after 200 characters. */
  private static final String SERVED = "(it serves: UserApi.count, UserApi.create, UserApi.delete, UserApi.get, "
      + "UserApi.getAsync, UserApi.me, UserApi.rename, UserApi.reset, UserApi.search, UserApi.stats, UserApi.upload, "
      + "EchoService.add, EchoService.block, ...)";
  private static Axle provider;
  private static Http http;

  @BeforeAll
  static void start() {
    provider = runtimes.start(Providers.both(new UserApiImpl(), new EchoServiceImpl(),
        Map.of("axle.rest.server.max-body-size", 1024)));
    http = new Http(provider);
  }

  @AfterAll
  static void stop() {
    http.close();
    provider.close();
  }

  @Test
  void malformedJson_is400NamingTheProblemAndWhere() throws Exception {
    Http.error(http.post("/users", "{\"name\":\"ann\","), 400, "BAD_REQUEST",
        "UserApi.create: malformed JSON in the request body at line 1, column 15: "
            + "Unexpected end-of-input within/between Object entries");
    Http.error(http.post("/EchoService/add", "{a:1}"), 400, "BAD_REQUEST",
        "EchoService.add: malformed JSON in the request body at line 1, column 2: "
            + "Unexpected character ('a' (code 97)): was expecting double-quote to start property name");
  }

  @Test
  void aNumberBeyondBigDecimal_is400_not500() throws Exception {
    // Found by RestFuzzTest#arguments: Jackson 3.1 throws a bare NumberFormatException for it.
    String huge = "0E" + "3".repeat(40);
    // An RPC-style body is read as a tree first, where the bare exception escaped; a class's body was a 400 already.
    for (String[] request : new String[][] {
        {"/EchoService/add", "{\"a\":" + huge + ",\"b\":1}", "EchoService.add: malformed JSON in the request body"},
        {"/users", "{\"name\":\"ann\",\"id\":" + huge + "}", "UserApi.create: body field id"}}) {
      java.net.http.HttpResponse<String> response = http.post(request[0], request[1]);
      assertThat(response.statusCode()).as("HTTP status, body %s", response.body()).isEqualTo(400);
      assertThat(response.body()).contains("\"error\":\"BAD_REQUEST\"", request[2]);
    }
  }

  @Test
  void wrongTypeInTheBody_is400NamingTheField() throws Exception {
    Http.error(http.post("/users", "{\"name\":\"ann\",\"id\":\"abc\"}"), 400, "BAD_REQUEST",
        "UserApi.create: body field id: \"abc\" (expected: a long)");
    Http.error(http.post("/users", "{\"child\":{\"tags\":{\"x\":1}}}"), 400, "BAD_REQUEST",
        "UserApi.create: body field child.tags: {\"x\":1} (expected: a JSON array)");
    Http.error(http.post("/users", "[1]"), 400, "BAD_REQUEST",
        "UserApi.create: request body: [1] (expected: a JSON object for Pojo)");
    Http.error(http.post("/EchoService/add", "{\"a\":40,\"b\":\"x\"}"), 400, "BAD_REQUEST",
        "EchoService.add: body field b: \"x\" (expected: an int)");
    Http.error(http.post("/EchoService/roundTrip", "{\"pojo\":{\"counts\":{\"k\":\"many\"}}}"), 400, "BAD_REQUEST",
        "EchoService.roundTrip: body field pojo.counts.k: \"many\" (expected: an int)");
    Http.error(http.post("/EchoService/add", "[40,2]"), 400, "BAD_REQUEST",
        "EchoService.add: request body: [40,2] (expected: a JSON object of the arguments, {\"a\": ..., \"b\": ...})");
  }

  @Test
  void strictInput_fractionsForIntegersNumbersForStringsAndNumbersForEnums_are400() throws Exception {
    Http.error(http.post("/EchoService/add", "{\"a\":1.5,\"b\":2}"), 400, "BAD_REQUEST",
        "EchoService.add: body field a: 1.5 (expected: an int)");
    Http.error(http.post("/EchoService/add", "{\"a\":40,\"b\":2.0}"), 400, "BAD_REQUEST",
        "EchoService.add: body field b: 2.0 (expected: an int)");
    Http.error(http.post("/EchoService/echo", "{\"message\":42}"), 400, "BAD_REQUEST",
        "EchoService.echo: body field message: 42 (expected: a string)");
    Http.error(http.post("/EchoService/echo", "{\"message\":true}"), 400, "BAD_REQUEST",
        "EchoService.echo: body field message: true (expected: a string)");
    Http.error(http.post("/users", "{\"name\":7}"), 400, "BAD_REQUEST",
        "UserApi.create: body field name: 7 (expected: a string)");
    Http.error(http.post("/EchoService/next", "{\"color\":\"PURPLE\"}"), 400, "BAD_REQUEST",
        "EchoService.next: body field color: \"PURPLE\" (expected: one of RED, GREEN, BLUE)");
    Http.error(http.post("/EchoService/next", "{\"color\":1}"), 400, "BAD_REQUEST",
        "EchoService.next: body field color: 1 (expected: one of RED, GREEN, BLUE)");
  }

  @Test
  void nullForARequiredBody_is400NotTheMethodsNullPointerException() throws Exception {
    Http.error(http.post("/users", "null"), 400, "BAD_REQUEST",
        "UserApi.create: the request body is null (expected: a JSON object for Pojo)");
  }

  @Test
  void aFieldThatIsNoArgument_is400RatherThanDropped() throws Exception {
    // A misspelt name, or a consumer compiled with other parameter names, must not become a null argument.
    Http.error(http.post("/EchoService/add", "{\"a\":40,\"bb\":2}"), 400, "BAD_REQUEST",
        "EchoService.add: request body field bb is not an argument (expected: {\"a\": ..., \"b\": ...})");
  }

  @Test
  void badTextValues_are400NamingTheParameterAndValue() throws Exception {
    Http.error(http.get("/users/search?q=x&limit=ten"), 400, "BAD_REQUEST",
        "UserApi.search: query parameter limit: \"ten\" (expected: an int)");
    Http.error(http.get("/users/search?q=x&role=KING"), 400, "BAD_REQUEST",
        "UserApi.search: query parameter role: \"KING\" (expected: one of ADMIN, MEMBER, GUEST)");
    Http.error(http.get("/users/x1"), 400, "BAD_REQUEST",
        "UserApi.get: path variable id: \"x1\" (expected: a long)");
  }

  @Test
  void missingRequiredValues_are400() throws Exception {
    Http.error(http.get("/users/search?limit=3"), 400, "BAD_REQUEST",
        "UserApi.search: missing query parameter q (expected: a string)");
    Http.error(http.get("/users/me"), 400, "BAD_REQUEST",
        "UserApi.me: missing header X-User (expected: a string)");
    Http.error(http.send(http.request("POST", "/users", "")), 400, "BAD_REQUEST",
        "UserApi.create: the request body is missing (expected: a JSON object for Pojo)");
  }

  @Test
  void badAxleHeaders_are400() throws Exception {
    Http.error(http.send(http.request("POST", "/EchoService/echo", "{}").header("x-axle-timeout-ms", "soon")), 400,
        "BAD_REQUEST", "EchoService.echo: header x-axle-timeout-ms: \"soon\" "
            + "(expected: the milliseconds left before the caller's deadline, a whole number)");
    Http.error(http.send(http.request("POST", "/EchoService/echo", "{}").header("x-axle-context", "{\"n\":1}")), 400,
        "BAD_REQUEST", "EchoService.echo: header x-axle-context: \"{\\\"n\\\":1}\" "
            + "(expected: a JSON object of strings, e.g. {\"tenant\":\"a\"})");
  }

  @Test
  void unknownPath_is404() throws Exception {
    Http.error(http.get("/nowhere"), 404, "NOT_FOUND", "no route for GET /nowhere");
    Http.error(http.get("/users/1/2/3"), 404, "NOT_FOUND", "no route for GET /users/1/2/3");
  }

  @Test
  void unknownRpcOperation_is404WithTheSameMessageAsHighway() throws Exception {
    Http.error(http.post("/EchoService/nope", "{}"), 404, "NOT_FOUND",
        "no operation EchoService.nope on this provider " + SERVED);
  }

  @Test
  void wrongMethod_is405WithAllow() throws Exception {
    HttpResponse<String> response = http.get("/EchoService/add");
    Http.error(response, 405, "BAD_REQUEST", "GET /EchoService/add: method GET is not allowed here (expected: POST)");
    assertThat(response.headers().firstValue("allow")).hasValue("POST");

    response = http.send(http.request("PATCH", "/users/3", null));
    Http.error(response, 405, "BAD_REQUEST",
        "PATCH /users/3: method PATCH is not allowed here (expected: DELETE, GET, PUT)");
    assertThat(response.headers().firstValue("allow")).hasValue("DELETE, GET, PUT");
  }

  @Test
  void bodyOverTheLimit_is413() throws Exception {
    String big = "{\"message\":\"" + "x".repeat(2000) + "\"}";
    Http.error(http.post("/EchoService/echo", big), 413, "BAD_REQUEST", "POST /EchoService/echo: the request body "
        + "is larger than 1024 bytes (expected: at most that; raise axle.rest.server.max-body-size)");
    // The limit holds for a body sent without a length too (chunked).
    HttpRequest.Builder chunked = http.request("POST", "/EchoService/echo", null)
        .header("content-type", "application/json")
        .POST(HttpRequest.BodyPublishers.fromPublisher(HttpRequest.BodyPublishers.ofString(big)));
    Http.error(http.send(chunked), 413, "BAD_REQUEST", "POST /EchoService/echo: the request body "
        + "is larger than 1024 bytes (expected: at most that; raise axle.rest.server.max-body-size)");
    // And the connection keeps serving.
    assertThat(Http.ok(http.post("/EchoService/echo", "{\"message\":\"small\"}")).asString()).isEqualTo("small");
  }

  @Test
  void wrongContentType_is415() throws Exception {
    HttpRequest.Builder text = http.request("POST", "/EchoService/echo", null)
        .header("content-type", "text/plain").POST(HttpRequest.BodyPublishers.ofString("hi"));
    Http.error(http.send(text), 415, "BAD_REQUEST",
        "POST /EchoService/echo: content-type text/plain (expected: application/json)");
    HttpRequest.Builder none = http.request("POST", "/EchoService/echo", null)
        .POST(HttpRequest.BodyPublishers.ofString("{}"));
    Http.error(http.send(none), 415, "BAD_REQUEST",
        "POST /EchoService/echo: content-type missing (expected: application/json)");
    assertThat(Http.ok(http.send(http.request("POST", "/EchoService/echo", null)
        .header("content-type", "application/json; charset=UTF-8")
        .POST(HttpRequest.BodyPublishers.ofString("{\"message\":\"with charset\"}")))).asString())
        .isEqualTo("with charset");
  }

  @Test
  void providerException_is500WithItsMessageAndNoStackTrace() throws Exception {
    Http.error(http.post("/EchoService/fail", "{\"message\":\"boom\"}"), 500, "PROVIDER_ERROR",
        "EchoService.fail failed: IllegalArgumentException: boom");
  }

  @Test
  void fullQueue_is503WithTheOverloadMessage() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    GroupExecutor tight = AxleExecutors.group("tight").groups(1).threadsPerGroup(1).maxQueueSize(1).build();
    try (Axle provider = tightProvider(impl, tight); Http http = new Http(provider)) {
      CompletableFuture<HttpResponse<String>> running = http.sendAsync(http.request("POST", "/EchoService/block",
          "{\"message\":\"first\"}"));
      impl.awaitBlocked();
      CompletableFuture<HttpResponse<String>> queued = http.sendAsync(http.request("POST", "/EchoService/echo",
          "{\"message\":\"second\"}"));
      awaitQueued(tight, 1);
      HttpResponse<String> third = http.post("/EchoService/echo", "{\"message\":\"third\"}");
      // A full queue refused it before it ran: marked so, a consumer may send it elsewhere.
      assertThat(Http.json(third).get("notRun").asBoolean()).isTrue();
      Http.errorIgnoring(third, "notRun", 503, "OVERLOADED",
          "executor 'tight' group 0 is full: 1 threads busy, 1 requests queued "
              + "(raise axle.executor.tight.max-queue-size or axle.executor.tight.thread-per-group)");
      assertThat(queued).as("the queued call waits; it was not dropped").isNotDone();
      impl.release();
      assertThat(Http.ok(running.get(20, TimeUnit.SECONDS)).asString()).isEqualTo("first");
      assertThat(Http.ok(queued.get(20, TimeUnit.SECONDS)).asString()).isEqualTo("second");
    } finally {
      impl.release();
    }
  }

  @Test
  void deadlinePassedInTheQueue_is504() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    GroupExecutor tight = AxleExecutors.group("tight").groups(1).threadsPerGroup(1).maxQueueSize(10).build();
    try (Axle provider = tightProvider(impl, tight); Http http = new Http(provider)) {
      CompletableFuture<HttpResponse<String>> running = http.sendAsync(http.request("POST", "/EchoService/block",
          "{\"message\":\"first\"}"));
      impl.awaitBlocked();
      CompletableFuture<HttpResponse<String>> late = http.sendAsync(http.request("POST", "/EchoService/fireAndForget",
          "{\"message\":\"late\"}").header("x-axle-timeout-ms", "1"));
      awaitQueued(tight, 1);
      // Its 1 ms, counted from when the server read it, has surely passed by now.
      Thread.sleep(50);
      impl.release();
      HttpResponse<String> response = late.get(20, TimeUnit.SECONDS);
      assertThat(response.statusCode()).isEqualTo(504);
      assertThat(Http.json(response).get("error").asString()).isEqualTo("DEADLINE_EXCEEDED");
      assertThat(Http.json(response).get("message").asString()).startsWith(
          "EchoService.fireAndForget was not run: the caller's deadline passed ");
      assertThat(impl.fired.get()).as("the expired call never ran").isZero();
      assertThat(Http.ok(running.get(20, TimeUnit.SECONDS)).asString()).isEqualTo("first");
    } finally {
      impl.release();
    }
  }

  private static Axle tightProvider(EchoServiceImpl impl, GroupExecutor executor) {
    return runtimes.start(Axle.builder()
        .config(Runtimes.config(Providers.config(Map.of("axle.executors.default", "tight"))))
        .executor("tight", executor)
        .provider(Runtimes.SCHEMA, EchoService.class, impl));
  }

  private static void awaitQueued(GroupExecutor executor, int queued) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (executor.stats().queued() < queued) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no request was queued within 20 s: " + executor.stats());
      }
      Thread.sleep(5);
    }
  }
}
