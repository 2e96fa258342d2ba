package io.axle.rest.internal.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Response;
import io.axle.Role;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.registry.Endpoint;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestMappings;
import io.axle.testing.BlockedLoop;
import io.axle.testing.EchoService;
import io.axle.testing.WriteCounter;
import io.axle.transport.InFlightCalls;
import io.netty.channel.Channel;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.json.JsonObject;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Requests queued by callers off the loop and taken in one batch leave with one flush per
 * connection, not one per request. A real Vert.x h2c server on loopback echoes; the test blocks
 * the client's loop, sends every call from its own thread (as callers would), and lets the loop
 * go: the counter at the front of the connection's pipeline sees what reached the socket while the
 * loop took them.
 */
class ClientLoopFlushTest {
  private static final int CALLS = 50;

  private final RestJson json = new RestJson();
  private final OperationMeta echo = SchemaMeta.of("EchoService", EchoService.class).operation("echo");
  private final RequestPlan plan = RequestPlan.of(RestMappings.of(echo, null), json);
  private final InFlightCalls inFlight = new InFlightCalls();
  private final List<WriteCounter> counters = new CopyOnWriteArrayList<>();
  private Vertx vertx;
  private ContextInternal loop;
  private ClientLoop client;
  private Endpoint endpoint;

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    HttpServer server = vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(true))
        .requestHandler(request -> request.body().onSuccess(body -> request.response()
            .putHeader(HttpHeaders.CONTENT_TYPE, "application/json")
            .end(Buffer.buffer(json.write(new JsonObject(body).getString("message"))))))
        .listen(0, "127.0.0.1").await(20, TimeUnit.SECONDS);
    endpoint = new Endpoint("rest", "127.0.0.1", server.actualPort());
    loop = ((VertxInternal) vertx).createEventLoopContext();
    HttpClientOptions options = new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2)
        .setHttp2ClearTextUpgrade(false).setHttp2MultiplexingLimit(CALLS);
    client = ClientLoop.create(loop, options, new PoolOptions().setHttp2MaxSize(1), json, connection -> {
      // In front of the loop's gate: it counts what reaches the socket.
      WriteCounter counter = new WriteCounter();
      Channel channel = ((ConnectionBase) connection).channel();
      channel.pipeline().addFirst(counter);
      counters.add(counter);
    });
  }

  @AfterEach
  void stop() throws Exception {
    client.close().await(20, TimeUnit.SECONDS);
    vertx.close().await(20, TimeUnit.SECONDS);
  }

  @Test
  void h2c_requestsOfOneBatch_leaveWithOneFlush() throws Exception {
    // The connection is made first, so that the batch finds it ready in the pool.
    assertThat(call("warm-up").get(20, TimeUnit.SECONDS).result()).isEqualTo("warm-up");

    List<CompletableFuture<Response>> answers = new ArrayList<>();
    CompletableFuture<Integer> flushes = new CompletableFuture<>();
    try (BlockedLoop blocked = BlockedLoop.hold(loop, () -> counters.forEach(counter -> counter.flushes.set(0)))) {
      for (int i = 0; i < CALLS; i++) {
        answers.add(call("m" + i));
      }
      // Queued behind the drain the sends above scheduled: it reads the count right after it.
      loop.runOnContext(v -> flushes.complete(counters.stream().mapToInt(counter -> counter.flushes.get()).sum()));
    }

    for (int i = 0; i < CALLS; i++) {
      Response answer = answers.get(i).get(20, TimeUnit.SECONDS);
      assertThat(answer.isOk()).as("call %d: %s", i, answer).isTrue();
      assertThat(answer.result()).isEqualTo("m" + i);
    }
    assertThat(counters).as("one HTTP/2 connection").hasSize(1);
    assertThat(flushes.get(20, TimeUnit.SECONDS)).as("flushes for %d requests taken in one batch", CALLS)
        .isEqualTo(1);
    assertThat(inFlight.count()).isZero();
  }

  private CompletableFuture<Response> call(String message) {
    Invocation invocation = TestInvocations.of(Role.CONSUMER, echo, new Object[] {message});
    RestCall call = new RestCall(invocation, endpoint, plan, plan.encode(invocation), inFlight);
    client.send(call);
    return call.future();
  }
}
