package io.axle.rest.client;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;

/**
 * A plain Vert.x HTTP server on loopback that records every request it reads and answers as the
 * test says: what the REST client puts on the wire, seen from outside Axle.
 */
final class RecordingServer implements AutoCloseable {
  /** One request as read. {@code connection} numbers connections in accept order; {@code onConnection} counts from 1. */
  record Recorded(HttpMethod method, String uri, Map<String, List<String>> headers, String body, HttpVersion version,
      int connection, int onConnection) {
    String header(String name) {
      List<String> values = headers.get(name.toLowerCase());
      return values == null ? null : values.get(0);
    }
  }

  private final Vertx vertx = Vertx.vertx();
  private final HttpServer server;
  private final Map<HttpConnection, int[]> connections = new ConcurrentHashMap<>();
  private final AtomicInteger connectionCount = new AtomicInteger();
  final BlockingQueue<Recorded> requests = new LinkedBlockingQueue<>();
  private volatile BiConsumer<HttpServerRequest, Recorded> responder = (request, recorded) ->
      request.response().putHeader("content-type", "application/json").end("null");

  RecordingServer() {
    server = vertx.createHttpServer(new HttpServerOptions().setHttp2ClearTextEnabled(true));
    server.requestHandler(this::handle);
    try {
      server.listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  int port() {
    return server.actualPort();
  }

  /** How later requests are answered. */
  RecordingServer respond(BiConsumer<HttpServerRequest, Recorded> responder) {
    this.responder = responder;
    return this;
  }

  /** Answers every request with this status and JSON body. */
  RecordingServer respondJson(int status, String json) {
    return respond((request, recorded) -> request.response().setStatusCode(status)
        .putHeader("content-type", "application/json").end(json));
  }

  Recorded next() throws InterruptedException {
    Recorded recorded = requests.poll(10, TimeUnit.SECONDS);
    if (recorded == null) {
      throw new AssertionError("the server read no request within 10 s");
    }
    return recorded;
  }

  /** Stops listening and closes every connection, from a handler too. */
  void closeServer() {
    server.close();
  }

  int connectionsAccepted() {
    return connectionCount.get();
  }

  private void handle(HttpServerRequest request) {
    int[] numbers = connections.computeIfAbsent(request.connection(),
        c -> new int[] {connectionCount.incrementAndGet(), 0});
    int onConnection = ++numbers[1];
    request.body().onSuccess(body -> {
      Map<String, List<String>> headers = new java.util.TreeMap<>();
      for (String name : request.headers().names()) {
        headers.put(name.toLowerCase(), request.headers().getAll(name));
      }
      Recorded recorded = new Recorded(request.method(), request.uri(), headers, body.toString(), request.version(),
          numbers[0], onConnection);
      requests.add(recorded);
      responder.accept(request, recorded);
    });
  }

  @Override
  public void close() {
    try {
      vertx.close().await(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
