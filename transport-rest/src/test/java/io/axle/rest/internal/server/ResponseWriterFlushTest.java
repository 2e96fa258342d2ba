package io.axle.rest.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.rest.internal.RestJson;
import io.axle.testing.BlockedLoop;
import io.axle.testing.WriteCounter;
import io.netty.channel.Channel;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.net.impl.ConnectionBase;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Answers made off the loop and written in one batch leave with one flush per connection, not one
 * per answer. A real Vert.x server on loopback holds the requests it gets; the test then blocks
 * the server's loop, hands every answer to the {@link ResponseWriter} from its own thread (as
 * workers would), and lets the loop go: the answers are drained in one task, and the counter at
 * the front of each connection's pipeline sees what reached the socket during it.
 */
class ResponseWriterFlushTest {
  private static final int ANSWERS = 50;

  private Vertx vertx;
  private ContextInternal loop;
  private ResponseWriter writer;
  private final Queue<Held> held = new ConcurrentLinkedQueue<>();
  private final List<WriteCounter> counters = new CopyOnWriteArrayList<>();
  private HttpServer server;

  /** A request the server holds unanswered: its path, which its answer repeats, and its response. */
  private record Held(String path, HttpServerResponse response) {
  }

  @BeforeEach
  void start() throws Exception {
    vertx = Vertx.vertx();
    loop = ((VertxInternal) vertx).createEventLoopContext();
    writer = new ResponseWriter(loop.nettyEventLoop(), new RestJson());
    Promise<HttpServer> listening = Promise.promise();
    // Made on the loop, so that its connections are that loop's, as in RestServer.
    loop.runOnContext(v -> vertx.createHttpServer()
        .connectionHandler(connection -> {
          writer.connected(connection);
          // In front of the writer's gate: it counts what reaches the socket.
          WriteCounter counter = new WriteCounter();
          Channel channel = ((ConnectionBase) connection).channel();
          channel.pipeline().addFirst(counter);
          counters.add(counter);
        })
        .requestHandler(request -> held.add(new Held(request.path(), request.response())))
        .listen(0, "127.0.0.1")
        .onComplete(listening));
    server = listening.future().await(20, TimeUnit.SECONDS);
  }

  @AfterEach
  void stop() throws Exception {
    vertx.close().await(20, TimeUnit.SECONDS);
  }

  @Test
  void h2c_answersOfOneBatch_leaveWithOneFlush() throws Exception {
    HttpClient client = vertx.createHttpClient(new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2)
        .setHttp2ClearTextUpgrade(false).setHttp2MultiplexingLimit(ANSWERS), new PoolOptions().setHttp2MaxSize(1));
    List<Future<String>> answers = send(client);

    int flushes = answerInOneBatch();

    assertThat(bodies(answers)).as("every stream answered with its own path").containsExactlyInAnyOrderElementsOf(
        expected());
    assertThat(counters).as("one HTTP/2 connection").hasSize(1);
    assertThat(flushes).as("flushes for %d answers written in one batch on one h2c connection", ANSWERS)
        .isEqualTo(1);
  }

  @Test
  void http11_eachConnectionOfTheBatch_isFlushedOnce() throws Exception {
    HttpClient client = vertx.createHttpClient(new HttpClientOptions().setKeepAlive(true),
        new PoolOptions().setHttp1MaxSize(ANSWERS));
    List<Future<String>> answers = send(client);

    int flushes = answerInOneBatch();

    assertThat(bodies(answers)).containsExactlyInAnyOrderElementsOf(expected());
    assertThat(counters).as("one HTTP/1.1 connection per request in flight").hasSize(ANSWERS);
    assertThat(flushes).as("flushes for %d answers on %d connections, written in one batch", ANSWERS, ANSWERS)
        .isEqualTo(ANSWERS);
  }

  private List<Future<String>> send(HttpClient client) throws InterruptedException {
    List<Future<String>> answers = new ArrayList<>();
    for (int i = 0; i < ANSWERS; i++) {
      answers.add(client.request(HttpMethod.GET, server.actualPort(), "127.0.0.1", "/" + i)
          .compose(request -> request.send())
          .compose(HttpClientResponse::body)
          .map(Buffer::toString));
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (held.size() < ANSWERS && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(held).as("requests the server holds").hasSize(ANSWERS);
    return answers;
  }

  /**
   * Blocks the server loop, hands every held answer to the writer from this thread, and lets the
   * loop go; returns the flushes that reached the sockets while the loop drained them.
   */
  private int answerInOneBatch() throws Exception {
    CompletableFuture<Integer> flushes = new CompletableFuture<>();
    try (BlockedLoop blocked = BlockedLoop.hold(loop, () -> counters.forEach(counter -> counter.flushes.set(0)))) {
      int i = 0;
      for (Held request : held) {
        // The path is the answer: each stream or connection must get its own.
        writer.write(Reply.of(request.response()), 200, Buffer.buffer(request.path()), null, null);
        i++;
      }
      assertThat(i).isEqualTo(ANSWERS);
      // Queued behind the drain the writes above scheduled: it reads the count right after it.
      loop.runOnContext(v -> flushes.complete(counters.stream().mapToInt(counter -> counter.flushes.get()).sum()));
    }
    return flushes.get(20, TimeUnit.SECONDS);
  }

  private static List<String> bodies(List<Future<String>> answers) throws Exception {
    List<String> bodies = new ArrayList<>();
    for (Future<String> answer : answers) {
      bodies.add(answer.await(20, TimeUnit.SECONDS));
    }
    return bodies;
  }

  private static List<String> expected() {
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < ANSWERS; i++) {
      expected.add("/" + i);
    }
    return expected;
  }
}
