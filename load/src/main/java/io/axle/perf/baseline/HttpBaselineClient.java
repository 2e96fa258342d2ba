package io.axle.perf.baseline;

import io.axle.config.AxleConfig;
import io.axle.perf.PerfService;
import io.axle.perf.payload.Order;
import io.axle.registry.Endpoint;
import io.axle.rest.RestConfigKeys;
import io.axle.rest.internal.RestJson;
import io.axle.transport.NativeTransport;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The raw HTTP echo's client, shaped as Axle's REST client: {@code axle.rest.client.thread-count} Vert.x
 * HttpClients, each on an event loop of its own with a pool of {@code axle.rest.client.connection.maxPoolSize}
 * HTTP/1.1 keep-alive connections (pipelined as {@code axle.rest.client.pipelining} and its limit say), or
 * cleartext HTTP/2 when {@code axle.rest.client.protocol} is h2c. A call made on one of the clients' loops goes to that
 * client, others go to the clients in turn, as in Axle's REST client. Each call is
 * {@code POST /PerfService/echo} with {@code {"message":…}}, the request Axle's REST consumer sends, and its
 * answer, the JSON string, comes back unquoted without a JSON parser. Pointed at Axle's REST server
 * ({@code rest://}, {@code rest.client: raw}) it sends the same requests, {@code echoOrder}'s to its own path,
 * and so measures that server without Axle's client.
 */
final class HttpBaselineClient extends BaselineClient {
  /** The scheme of Axle's REST server in {@code perf1}'s entries. */
  static final String AXLE_REST = "rest";
  static final String PATH = "/" + PerfService.SCHEMA_ID + "/echo";
  private static final String ORDER_PATH = "/" + PerfService.SCHEMA_ID + "/echoOrder";
  /** What Axle's REST server leaves out of its answer to {@code echoOrder}: the body's argument wrapper. */
  private static final int ORDER_WRAPPER = "{\"order\":}".length();
  private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");

  private final List<Loop> loops = new ArrayList<>();
  private final AtomicInteger next = new AtomicInteger();
  /** Axle's own JSON codec: the body is byte for byte what Axle's REST client would send. */
  private static final RestJson JSON_CODEC = new RestJson();

  private final RequestOptions request;
  private final RequestOptions orderRequest;
  /** Bytes the server leaves out of an {@code echoOrder} answer: 0 for the raw echo, which answers the body whole. */
  private final int orderAnswerShortfall;
  /** The last message and its request body: the load engine sends one message over and over. */
  private volatile Encoded last = new Encoded("", Buffer.buffer());
  private volatile EncodedOrder lastOrder = new EncodedOrder(null, Buffer.buffer());

  HttpBaselineClient(Endpoint endpoint, AxleConfig config) {
    this(NativeTransport.vertx(config,
        new VertxOptions().setEventLoopPoolSize(config.get(RestConfigKeys.CLIENT_THREAD_COUNT))),
        endpoint, config);
  }

  private HttpBaselineClient(Vertx vertx, Endpoint endpoint, AxleConfig config) {
    super(vertx);
    HttpClientOptions options = new HttpClientOptions().setTcpNoDelay(true).setKeepAlive(true)
        .setPipelining(config.get(RestConfigKeys.CLIENT_PIPELINING))
        .setPipeliningLimit(config.get(RestConfigKeys.CLIENT_PIPELINING_LIMIT))
        .setDecompressionSupported(false).setConnectTimeout((int) Math.min(Integer.MAX_VALUE,
            config.get(RestConfigKeys.CLIENT_CONNECT_TIMEOUT).toMillis()));
    if ("h2c".equals(config.get(RestConfigKeys.CLIENT_PROTOCOL))) {
      options.setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false);
    }
    PoolOptions pool = new PoolOptions().setHttp1MaxSize(config.get(RestConfigKeys.CLIENT_MAX_POOL_SIZE))
        .setMaxWaitQueueSize(config.get(RestConfigKeys.CLIENT_MAX_WAIT_QUEUE_SIZE));
    for (int i = 0; i < config.get(RestConfigKeys.CLIENT_THREAD_COUNT); i++) {
      loops.add(new Loop(((VertxInternal) vertx).createEventLoopContext(), vertx.createHttpClient(options, pool)));
    }
    this.request = new RequestOptions().setMethod(HttpMethod.POST).setHost(endpoint.host()).setPort(endpoint.port())
        .setURI(PATH).putHeader(HttpHeaders.CONTENT_TYPE, JSON).putHeader(HttpHeaders.ACCEPT, JSON);
    boolean axle = AXLE_REST.equals(endpoint.transport());
    this.orderRequest = axle ? new RequestOptions(request).setURI(ORDER_PATH) : request;
    this.orderAnswerShortfall = axle ? ORDER_WRAPPER : 0;
  }

  @Override
  CompletableFuture<String> echo(String message) {
    Encoded encoded = last;
    if (encoded.message() != message) {
      encoded = new Encoded(message, Buffer.buffer("{\"message\":" + Json.encode(message) + "}"));
      last = encoded;
    }
    return post(request, encoded.body()).thenApply(HttpBaselineClient::unquoted);
  }

  /** Posts the JSON body Axle's REST client sends for {@code echoOrder}; the raw echo answers it whole. */
  @Override
  CompletableFuture<Order> echoOrder(Order order) {
    EncodedOrder encoded = lastOrder;
    if (encoded.order() != order) {
      encoded = new EncodedOrder(order, Buffer.buffer(JSON_CODEC.write(Map.of("order", order))));
      lastOrder = encoded;
    }
    int expected = encoded.body().length() - orderAnswerShortfall;
    return post(orderRequest, encoded.body()).thenApply(body -> echoed(order, expected, body.length()));
  }

  private CompletableFuture<Buffer> post(RequestOptions request, Buffer body) {
    Loop loop = loopFor(Vertx.currentContext());
    CompletableFuture<Buffer> answer = new CompletableFuture<>();
    // Sent from the client's own loop, so that its connections live there, as in Axle's REST client.
    if (Vertx.currentContext() == loop.context()) {
      send(loop.client(), request, body, answer);
    } else {
      loop.context().runOnContext(v -> send(loop.client(), request, body, answer));
    }
    return answer;
  }

  /**
   * The caller's own loop when it runs on one (an async caller continuing in a callback), as Axle's
   * REST client does, so that neither side pays a thread hop the other does not; round-robin otherwise.
   */
  private Loop loopFor(Context current) {
    for (Loop loop : loops) {
      if (loop.context() == current) {
        return loop;
      }
    }
    return loops.get(Math.floorMod(next.getAndIncrement(), loops.size()));
  }

  private static void send(HttpClient client, RequestOptions request, Buffer body, CompletableFuture<Buffer> answer) {
    client.request(request)
        .compose(call -> call.send(body.slice()))
        .compose(response -> response.statusCode() == 200 ? response.body()
            : Future.failedFuture("the server answered the raw HTTP client with HTTP " + response.statusCode()))
        .onComplete(done -> {
          if (done.succeeded()) {
            answer.complete(done.result());
          } else {
            answer.completeExceptionally(done.cause());
          }
        });
  }

  /** A JSON string's text (no escapes in the demo's messages), or the body as it came. */
  static String unquoted(Buffer body) {
    int length = body.length();
    if (length >= 2 && body.getByte(0) == '"' && body.getByte(length - 1) == '"') {
      return body.getString(1, length - 1, StandardCharsets.UTF_8.name());
    }
    return body.toString(StandardCharsets.UTF_8);
  }

  private record Loop(Context context, HttpClient client) {
  }

  private record Encoded(String message, Buffer body) {
  }

  private record EncodedOrder(Order order, Buffer body) {
  }
}
