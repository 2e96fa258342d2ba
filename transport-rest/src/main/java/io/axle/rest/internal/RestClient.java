package io.axle.rest.internal;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.config.AxleConfig;
import io.axle.contract.OperationMeta;
import io.axle.registry.Endpoint;
import io.axle.rest.RestConfigKeys;
import io.axle.rest.internal.client.ClientLoop;
import io.axle.rest.internal.client.EncodedRequest;
import io.axle.rest.internal.client.RequestPlan;
import io.axle.rest.internal.client.RestCall;
import io.axle.transport.Attempt;
import io.axle.transport.InFlightCalls;
import io.axle.transport.TransportContext;
import io.axle.transport.tls.Tls;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.internal.VertxInternal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The consumer side of REST: {@code axle.rest.client.thread-count} HttpClients, each with its own
 * connection pool on its own event loop, chosen round-robin per call. The request is built on
 * the calling thread from the operation's mapping; the loop only writes it, times it and reads
 * the answer. Failures are reported with the statuses and messages highway uses, so a caller
 * cannot tell the wires apart by their errors.
 */
final class RestClient {
  private static final Logger log = LoggerFactory.getLogger(RestClient.class);

  private final RestJson json;
  private final List<ClientLoop> loops = new ArrayList<>();
  private final AtomicInteger roundRobin = new AtomicInteger();
  private final InFlightCalls inFlight = new InFlightCalls();
  /** Each endpoint's share of {@link #inFlight}. */
  private final Map<Endpoint, InFlightCalls> byEndpoint = new ConcurrentHashMap<>();
  /** A {@link RequestPlan}, or the message of why the operation cannot be sent over REST. */
  private final Map<OperationMeta, Object> plans = new ConcurrentHashMap<>();
  private volatile String closedReason;
  private final Tls tls;
  /** The live keys the clients' connections are made with; a change of any makes the clients anew. */
  private List<Object> connectionSettings;

  RestClient(TransportContext context, RestJson json) {
    this.json = json;
    AxleConfig config = context.config();
    VertxInternal vertx = (VertxInternal) context.vertx();
    this.tls = context.tls();
    HttpClientOptions options = clientOptions(config, tls);
    PoolOptions pool = poolOptions(config);
    this.connectionSettings = connectionSettings(config);
    for (int i = 0; i < config.get(RestConfigKeys.CLIENT_THREAD_COUNT); i++) {
      loops.add(ClientLoop.create(vertx.createEventLoopContext(), options, pool, json));
    }
    if (tls.client()) {
      loops.forEach(loop -> tls.onClientReload(loop::updateSslOptions));
    }
  }

  private static PoolOptions poolOptions(AxleConfig config) {
    return new PoolOptions()
        .setHttp1MaxSize(config.get(RestConfigKeys.CLIENT_MAX_POOL_SIZE))
        .setMaxWaitQueueSize(config.get(RestConfigKeys.CLIENT_MAX_WAIT_QUEUE_SIZE));
  }

  private static List<Object> connectionSettings(AxleConfig config) {
    return List.of(config.get(RestConfigKeys.CLIENT_MAX_POOL_SIZE),
        config.get(RestConfigKeys.CLIENT_MAX_WAIT_QUEUE_SIZE), config.get(RestConfigKeys.CLIENT_CONNECT_TIMEOUT),
        config.get(RestConfigKeys.CLIENT_KEEP_ALIVE_TIMEOUT), config.get(RestConfigKeys.CLIENT_PIPELINING),
        config.get(RestConfigKeys.CLIENT_PIPELINING_LIMIT));
  }

  /**
   * Applies the client's live keys (pool and wait-queue sizes, connect and keep-alive timeouts, pipelining) to
   * the connections made from now on: each loop's next call builds a client with them, while the one it
   * replaces answers the calls it carries and is shut down. Nothing happens when none of them changed.
   */
  synchronized void configChanged(AxleConfig config) {
    List<Object> settings = connectionSettings(config);
    if (settings.equals(connectionSettings)) {
      return;
    }
    connectionSettings = settings;
    HttpClientOptions options = clientOptions(config, tls);
    PoolOptions pool = poolOptions(config);
    Duration grace = config.get(io.axle.config.CoreConfigKeys.SHUTDOWN_TIMEOUT);
    loops.forEach(loop -> loop.reconfigure(options, pool, grace));
    log.info("rest: client connections from now on: maxPoolSize {}, max-wait-queue-size {}, connect-timeout {} ms, "
        + "keep-alive-timeout {} s, pipelining {} (limit {})", settings.get(0), settings.get(1),
        ((Duration) settings.get(2)).toMillis(), ((Duration) settings.get(3)).toSeconds(), settings.get(4),
        settings.get(5));
  }

  static HttpClientOptions clientOptions(AxleConfig config, Tls tls) {
    HttpClientOptions options = new HttpClientOptions()
        .setTcpNoDelay(true)
        .setKeepAlive(true)
        .setPipelining(config.get(RestConfigKeys.CLIENT_PIPELINING))
        .setPipeliningLimit(config.get(RestConfigKeys.CLIENT_PIPELINING_LIMIT))
        .setDecompressionSupported(false)
        .setConnectTimeout((int) Math.min(Integer.MAX_VALUE,
            config.get(RestConfigKeys.CLIENT_CONNECT_TIMEOUT).toMillis()));
    // Whole seconds, at least one: the key's minimum. Below the server's idle timeout by default
    // (30 s against 60 s), so the client, not the server, retires idle connections.
    int keepAliveSeconds = (int) Math.max(1, Math.min(Integer.MAX_VALUE,
        config.get(RestConfigKeys.CLIENT_KEEP_ALIVE_TIMEOUT).toSeconds()));
    options.setKeepAliveTimeout(keepAliveSeconds).setHttp2KeepAliveTimeout(keepAliveSeconds);
    boolean http2 = "h2c".equals(config.get(RestConfigKeys.CLIENT_PROTOCOL));
    if (tls.client()) {
      tls.applyTo(options);
      options.setVerifyHost(tls.verifyHost());
      // Over TLS, HTTP/2 is chosen in the handshake (ALPN), with HTTP/1.1 as the fallback.
      options.setUseAlpn(http2);
    }
    if (http2) {
      // Prior knowledge: the connection starts as HTTP/2, with no HTTP/1.1 upgrade round trip.
      options.setProtocolVersion(HttpVersion.HTTP_2).setHttp2ClearTextUpgrade(false);
    }
    return options;
  }

  /** Sends one call; the future never completes exceptionally. */
  CompletableFuture<Response> send(Attempt invocation, Endpoint endpoint) {
    OperationMeta operation = invocation.operation();
    String closed = closedReason;
    if (closed != null) {
      return CompletableFuture.completedFuture(Response.failure(Status.SHUTTING_DOWN,
          operation.qualifiedName() + " was not sent: " + closed));
    }
    RestCall call;
    try {
      RequestPlan plan = plan(operation);
      EncodedRequest request = plan.encode(invocation);
      invocation.mark(Stage.CONSUMER_ENCODED);
      call = new RestCall(invocation, endpoint, plan, request, inFlightOf(endpoint));
    } catch (AxleException e) {
      return CompletableFuture.completedFuture(Response.failure(e));
    } catch (IllegalArgumentException e) {
      return CompletableFuture.completedFuture(Response.failure(Status.BAD_REQUEST, e.getMessage()));
    }
    loopFor().send(call);
    return call.future();
  }

  /**
   * The loop the caller runs on, when it is one of ours (an async caller continuing in a callback
   * keeps to its loop, with no thread hop); round-robin otherwise.
   */
  private ClientLoop loopFor() {
    for (ClientLoop loop : loops) {
      if (loop.isCurrent()) {
        return loop;
      }
    }
    return loops.get(Math.floorMod(roundRobin.getAndIncrement(), loops.size()));
  }

  private RequestPlan plan(OperationMeta operation) {
    Object plan = plans.computeIfAbsent(operation, op -> {
      try {
        return RequestPlan.of(RestMappings.of(op, null), json);
      } catch (IllegalArgumentException e) {
        return e.getMessage();
      }
    });
    if (plan instanceof RequestPlan p) {
      return p;
    }
    throw new AxleException(Status.BAD_REQUEST, (String) plan);
  }

  /** Calls sent and not yet answered. */
  int inFlight() {
    return inFlight.count();
  }

  /** The endpoint's count; a plain look-up per call once it exists (no lambda made on the call path). */
  private InFlightCalls inFlightOf(Endpoint endpoint) {
    InFlightCalls calls = byEndpoint.get(endpoint);
    return calls != null ? calls : byEndpoint.computeIfAbsent(endpoint, e -> new InFlightCalls(inFlight));
  }

  /** Calls sent and not yet ended, by endpoint. */
  Map<Endpoint, Integer> inFlightByEndpoint() {
    Map<Endpoint, Integer> counts = new java.util.LinkedHashMap<>();
    byEndpoint.forEach((endpoint, calls) -> counts.put(endpoint, calls.count()));
    return counts;
  }

  /** Waits within the grace period for calls in flight, fails the rest with a reason, closes the clients. */
  CompletableFuture<Void> shutdown(Duration grace) {
    return inFlight.drainThenFail(RestTransport.NAME, log, grace, reason -> {
      closedReason = reason;
      List<CompletableFuture<Void>> failed = new ArrayList<>();
      for (ClientLoop loop : loops) {
        failed.add(loop.failAll(reason));
      }
      return CompletableFuture.allOf(failed.toArray(CompletableFuture[]::new)).thenCompose(v -> closeLoops());
    });
  }

  private CompletableFuture<Void> closeLoops() {
    List<CompletableFuture<Void>> closing = new ArrayList<>();
    for (ClientLoop loop : loops) {
      closing.add(loop.close().toCompletionStage().toCompletableFuture());
    }
    return CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new));
  }
}
