package io.axle.rest.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.internal.ServedOperation;
import io.axle.contract.SchemaMeta;
import io.axle.executor.AxleExecutors;
import io.axle.internal.FilterChains;
import io.axle.internal.MethodInvoker;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestMappings;
import io.axle.rest.internal.RestOperation;
import io.axle.rest.server.UserApi;
import io.axle.rest.server.UserApiImpl;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.transport.ProviderOperation;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.ext.web.Router;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Which requests {@link DirectRoutes} serves itself and which it leaves to the router. The router
 * here is a real Vert.x Web router whose one route counts what reaches it and answers 299, so a
 * test sees exactly which side answered; the server, the client and the operation are real.
 */
class DirectRoutesTest {
  private static final int MAX_BODY = 1024;
  private static final Duration TIMEOUT = Duration.ofSeconds(20);
  private static final AtomicInteger routed = new AtomicInteger();
  private static Vertx vertx;
  private static HttpServer server;
  private static HttpClient client;
  private static String base;

  @BeforeAll
  static void start() throws Exception {
    vertx = Vertx.vertx();
    RestJson json = new RestJson();
    ContextInternal loop = ((VertxInternal) vertx).createEventLoopContext();
    ResponseWriter writer = new ResponseWriter(loop.nettyEventLoop(), json);
    List<DirectRoutes.Target> targets = new ArrayList<>();
    SchemaMeta schema = SchemaMeta.of("EchoService", EchoService.class);
    for (RestOperation rest : RestMappings.of(schema, EchoServiceImpl.class)) {
      OperationRoute route = route(rest, new EchoServiceImpl(), json);
      targets.add(new DirectRoutes.Target(route, new RequestHandler(route, json, writer)));
    }
    Router router = Router.router(vertx);
    router.route().handler(ctx -> {
      routed.incrementAndGet();
      ctx.response().setStatusCode(299).end("router");
    });
    // Only a failure inside a handler reaches these errors, and it needs neither routes nor operations.
    RouterErrors errors = new RouterErrors(null, null, writer, MAX_BODY);
    CompletableFuture<HttpServer> listening = new CompletableFuture<>();
    loop.runOnContext(v -> vertx.createHttpServer()
        .requestHandler(new DirectRoutes(targets, router, errors, MAX_BODY))
        .listen(0, "127.0.0.1")
        .onComplete(ar -> {
          if (ar.succeeded()) {
            listening.complete(ar.result());
          } else {
            listening.completeExceptionally(ar.cause());
          }
        }));
    server = listening.get(20, TimeUnit.SECONDS);
    base = "http://127.0.0.1:" + server.actualPort();
    client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT).build();
  }

  @AfterAll
  static void stop() throws Exception {
    client.close();
    vertx.close().await(20, TimeUnit.SECONDS);
  }

  @BeforeEach
  void reset() {
    routed.set(0);
  }

  @Test
  void anRpcCallWithAJsonBody_isServedWithoutTheRouter() throws Exception {
    HttpResponse<String> answer = send(post("/EchoService/add", "application/json", "{\"a\":40,\"b\":2}"));
    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("42");
    assertThat(answer.headers().firstValue("content-type")).hasValue("application/json");
    assertThat(routed).hasValue(0);
  }

  @Test
  void jsonWithACharset_andAnOperationWithoutArguments_areServedWithoutTheRouter() throws Exception {
    assertThat(send(post("/EchoService/echo", "application/json; charset=utf-8", "{\"message\":\"h\u00e9\"}")).body())
        .isEqualTo("\"h\u00e9\"");
    HttpResponse<String> noBody = send(HttpRequest.newBuilder(URI.create(base + "/EchoService/threadInfo"))
        .timeout(TIMEOUT).POST(HttpRequest.BodyPublishers.noBody()));
    assertThat(noBody.statusCode()).isEqualTo(200);
    assertThat(routed).hasValue(0);
  }

  @Test
  void whatTheRouterMustJudge_goesToTheRouter() throws Exception {
    List<HttpRequest.Builder> requests = List.of(
        post("/EchoService/add", "text/plain", "{\"a\":1}"),
        post("/EchoService/add", "application/jsonx", "{\"a\":1}"),
        post("/EchoService/add", "APPLICATION/JSON", "{\"a\":1}"),
        post("/EchoService/add/", "application/json", "{\"a\":1}"),
        post("/EchoService/nope", "application/json", "{\"a\":1}"),
        post("/EchoService/add", "application/json", "x".repeat(MAX_BODY + 1)),
        HttpRequest.newBuilder(URI.create(base + "/EchoService/add")).timeout(TIMEOUT).GET(),
        // No length known in advance: the JDK client sends it chunked.
        HttpRequest.newBuilder(URI.create(base + "/EchoService/add")).timeout(TIMEOUT)
            .header("content-type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofInputStream(
                () -> new ByteArrayInputStream("{\"a\":1}".getBytes(StandardCharsets.UTF_8)))));
    for (HttpRequest.Builder request : requests) {
      HttpResponse<String> answer = send(request);
      assertThat(answer.statusCode()).as("%s", answer.request()).isEqualTo(299);
      assertThat(answer.body()).isEqualTo("router");
    }
    assertThat(routed).hasValue(requests.size());
  }

  @Test
  void aBodyCutShortByTheClient_endsItsOwnConnectionOnly() throws Exception {
    try (Socket socket = new Socket("127.0.0.1", server.actualPort())) {
      OutputStream out = socket.getOutputStream();
      out.write(("POST /EchoService/add HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
          + "content-length: 100\r\n\r\n{\"a\":1").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      socket.shutdownOutput();
      InputStream in = socket.getInputStream();
      socket.setSoTimeout(20_000);
      // No answer: the body never completed, and the server closes its side.
      assertThat(in.read()).isEqualTo(-1);
    }
    assertThat(send(post("/EchoService/add", "application/json", "{\"a\":2,\"b\":3}")).body()).isEqualTo("5");
    assertThat(routed).hasValue(0);
  }

  @Test
  void onlyLiteralPathsWithoutQueryParameters_areServedDirectly() {
    Map<String, Boolean> direct = new TreeMap<>();
    RestJson json = new RestJson();
    for (RestOperation rest : RestMappings.of(SchemaMeta.of("UserApi", UserApi.class), UserApiImpl.class)) {
      direct.put(rest.operation().name(), route(rest, new UserApiImpl(), json).servableDirectly());
    }
    assertThat(direct)
        .containsEntry("create", true) // a @RequestBody
        .containsEntry("me", true) // headers only
        .containsEntry("count", true)
        .containsEntry("get", false) // a path variable
        .containsEntry("upload", false) // a path variable and a body
        .containsEntry("search", false) // query parameters
        .containsEntry("rename", false);
  }

  private static OperationRoute route(RestOperation rest, Object implementation, RestJson json) {
    ProviderOperation provider = new ServedOperation(rest.operation(), implementation.getClass(),
        AxleExecutors.inline(), "inline",
        FilterChains.build(List.of(), new MethodInvoker(rest.operation(), implementation)));
    return new OperationRoute(provider, rest, json);
  }

  private static HttpRequest.Builder post(String path, String contentType, String body) {
    return HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT).header("content-type", contentType)
        .POST(HttpRequest.BodyPublishers.ofString(body));
  }

  private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
