package io.axle.rest.internal.client;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.rest.internal.LoopFlushes;
import io.axle.rest.internal.RestErrors;
import io.axle.rest.internal.RestJson;
import io.axle.transport.CallFailures;
import io.axle.transport.calls.LoopOutbox;
import io.axle.transport.calls.PendingCalls;
import io.axle.transport.calls.Resend;
import io.axle.transport.internal.WireCounting;
import io.axle.transport.tls.TlsFailures;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.Handler;
import io.vertx.core.Promise;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ConnectionPoolTooBusyException;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpClosedException;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.http.StreamResetException;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.impl.ConnectionBase;
import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One REST client: a Vert.x HttpClient with its own connection pool, bound to one event loop.
 * Calls come in through a {@link LoopOutbox} (at once on the loop, queued from other threads);
 * taking one admits it to the loop's {@link PendingCalls} (its deadline armed, as in highway),
 * obtains a pooled connection and writes the request; the answer is read, decoded and delivered on
 * the same loop. All of it is touched only on the loop, so it needs no locks. The requests written
 * in one batch are flushed once per connection ({@link LoopFlushes}).
 *
 * <p>A kept-alive connection the provider closed while it sat idle in the pool can be handed to a
 * call just as the provider's close is on its way; the call then fails before any byte of an
 * answer. Such a call is sent once more, on a fresh connection, so the caller never sees the
 * race. Only then: never after an answer started, never past the deadline, never twice, and
 * never for a request that went out behind another still unanswered on its connection (HTTP/1.1
 * pipelining, HTTP/2 streams): the provider may have read and run that one before it closed, so
 * sending it again could run it twice.
 */
public final class ClientLoop {
  private static final Logger log = LoggerFactory.getLogger(ClientLoop.class);
  private final ContextInternal context;
  /** What the next client is built with; touched on the loop only. */
  private HttpClientOptions clientOptions;
  private PoolOptions pool;
  private final Handler<HttpConnection> connected;
  /**
   * Built on the loop by the first call, not at start: a process that never calls over REST never
   * pays for it, and start-up does not wait for it (about a tenth of the perf producer's start).
   * Touched on the loop only.
   */
  private HttpClientAgent client;
  /** The TLS material last reloaded, if any: every client built later takes it. Touched on the loop only. */
  private ClientSSLOptions reloadedSsl;
  /**
   * Clients a configuration change replaced, shut down once the calls they carry are answered; closed with this
   * loop if still open. Touched on the loop only.
   */
  private final java.util.Set<HttpClientAgent> retiring = new java.util.HashSet<>();
  private final RestJson json;
  private int maxPoolSize;
  private int maxWaitQueueSize;
  private final LoopOutbox<RestCall> outbox;
  private final LoopFlushes flushes;
  private final PendingCalls<RestCall> pending;
  /** What each connection carried: whether a call on it got a kept-alive connection, and went out alone. */
  private final Map<HttpConnection, ConnectionUse> uses = new WeakHashMap<>();

  private ClientLoop(ContextInternal context, HttpClientOptions options, PoolOptions pool, RestJson json,
      Handler<HttpConnection> connected) {
    this.context = context;
    this.clientOptions = options;
    this.pool = pool;
    this.connected = connected;
    this.flushes = new LoopFlushes(context.nettyEventLoop());
    this.json = json;
    this.maxPoolSize = pool.getHttp1MaxSize();
    this.maxWaitQueueSize = pool.getMaxWaitQueueSize();
    // The Vert.x client wants its context current, not only its thread: run on the context.
    this.outbox = new LoopOutbox<>(context::isRunningOnContext, task -> context.runOnContext(v -> task.run()),
        new LoopOutbox.Sink<>() {
          @Override
          public boolean take(RestCall call) {
            // Vert.x's flush of the request, when written now, waits for the batch's end.
            flushes.hold();
            ClientLoop.this.take(call);
            return true;
          }

          @Override
          public void flush() {
            flushes.release();
          }

          @Override
          public void discard(RestCall call) {
            call.complete(Response.failure(Status.CONNECTION_FAILED, CallFailures.failedOn(call.operationName(),
                call.endpoint(), "the client stopped before it was sent")));
          }
        });
    // HTTP/1.1 cannot abandon one request and keep its connection: the reset closes it (h2c resets the stream).
    this.pending = new PendingCalls<>(context.nettyEventLoop(), ClientLoop::resetRequest);
  }

  /**
   * A client bound to {@code context}. Its HttpClient is created inside that context when the first
   * call is taken, so that its lifecycle belongs to that event loop.
   */
  public static ClientLoop create(ContextInternal context, HttpClientOptions options, PoolOptions pool,
      RestJson json) {
    return create(context, options, pool, json, connection -> { });
  }

  /** As {@link #create(ContextInternal, HttpClientOptions, PoolOptions, RestJson)}, telling {@code connected} of each new connection. */
  static ClientLoop create(ContextInternal context, HttpClientOptions options, PoolOptions pool, RestJson json,
      Handler<HttpConnection> connected) {
    return new ClientLoop(context, options, pool, json, connected);
  }

  /**
   * One line per failure of a connection, in words; the calls it carried fail on their own. A TLS failure
   * after a handshake this side thought complete (TLS 1.3: the provider refused the client's certificate) is
   * kept with the connection, so that the calls it fails say why instead of only that it closed.
   */
  private void connectionFailed(HttpConnection connection, Throwable failure) {
    if (TlsFailures.isTls(failure)) {
      String why = TlsFailures.handshakeFailed(failure);
      uses.computeIfAbsent(connection, c -> new ConnectionUse()).tlsFailure = why;
      log.warn("rest: the connection to {} failed: {}", connection.remoteAddress(), why);
    } else if (CallFailures.isConnectionLost(failure)) {
      log.warn("rest: the connection to {} was lost ({})", connection.remoteAddress(), CallFailures.describe(failure));
    } else {
      log.warn("rest: the connection to {} failed: {}", connection.remoteAddress(), failure.toString());
    }
  }

  /** The HttpClient, built on first use; on the loop only. */
  private HttpClientAgent client() {
    if (client == null) {
      client = context.owner().httpClientBuilder().with(clientOptions).with(pool)
          .withConnectHandler(connection -> {
            if (connection instanceof ConnectionBase base) {
              WireCounting.install(base);
            }
            flushes.install(connection);
            // Without a handler, Vert.x logs each failure of the connection as an ERROR with its stack
            // trace; the calls on it fail with their own reason (CallFailures.CONNECTION_CLOSED).
            connection.exceptionHandler(failure -> connectionFailed(connection, failure));
            connected.handle(connection);
          })
          .build();
      if (reloadedSsl != null) {
        client.updateSSLOptions(reloadedSsl, true);
      }
    }
    return client;
  }

  /**
   * Pool and connection options for the connections made from now on. The client built with the old ones takes
   * no new call: calls already on its connections are answered there, then it is shut down (Vert.x closes each
   * connection once its requests are answered, or at {@code grace}); the loop's next call builds a client with
   * the new options.
   */
  public void reconfigure(HttpClientOptions options, PoolOptions pool, Duration grace) {
    context.runOnContext(v -> {
      clientOptions = options;
      this.pool = pool;
      maxPoolSize = pool.getHttp1MaxSize();
      maxWaitQueueSize = pool.getMaxWaitQueueSize();
      HttpClientAgent replaced = client;
      client = null;
      if (replaced != null) {
        retiring.add(replaced);
        replaced.shutdown(grace.toMillis(), TimeUnit.MILLISECONDS)
            .onComplete(done -> context.runOnContext(w -> retiring.remove(replaced)));
      }
    });
  }

  /**
   * Sends a call. On this loop's own context (an async caller continuing in a callback of an
   * earlier call) it is taken at once, with no queue and no wake-up; from any other thread it is
   * queued for the loop.
   */
  public void send(RestCall call) {
    outbox.submit(call);
  }

  /** Fails every call still open with {@code reason}, and any later one handed to this loop. */
  public CompletableFuture<Void> failAll(String reason) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    context.runOnContext(v -> {
      pending.close(reason).forEach(ClientLoop::resetRequest);
      outbox.drain();
      done.complete(null);
    });
    return done;
  }

  /** True when the caller runs on this loop's context: then {@link #send} takes the call at once. */
  public boolean isCurrent() {
    return context.isRunningOnContext();
  }

  /** New TLS material for the connections this client makes from now on. */
  public Future<Boolean> updateSslOptions(ClientSSLOptions options) {
    Promise<Boolean> updated = context.promise();
    context.runOnContext(v -> {
      reloadedSsl = options;
      if (client == null) {
        updated.complete(true);
      } else {
        client.updateSSLOptions(options, true).onComplete(updated);
      }
    });
    return updated.future();
  }

  /** Closes the HttpClient, if it was built, and its connections. */
  public Future<Void> close() {
    Promise<Void> closed = context.promise();
    context.runOnContext(v -> {
      List<Future<Void>> closing = new ArrayList<>();
      retiring.forEach(replaced -> closing.add(replaced.close()));
      retiring.clear();
      if (client != null) {
        closing.add(client.close());
      }
      Future.all(closing).<Void>mapEmpty().onComplete(closed);
    });
    return closed.future();
  }

  private void take(RestCall call) {
    if (pending.admit(call)) {
      obtainConnection(call);
    }
  }

  private void obtainConnection(RestCall call) {
    EncodedRequest request = call.request;
    RequestOptions options = new RequestOptions()
        .setMethod(request.method())
        .setHost(call.endpoint().host())
        .setPort(call.endpoint().port())
        .setURI(request.uri())
        // A retry gets a copy: the first attempt may have changed the map it was given.
        .setHeaders(call.retried ? HttpHeaders.headers().addAll(request.headers()) : request.headers());
    Future<HttpClientRequest> obtained;
    HttpClientAgent from = client();
    try {
      obtained = from.request(options);
    } catch (RuntimeException e) {
      pending.fail(call, connectFailure(e));
      return;
    }
    obtained.onComplete(ar -> onConnection(call, from, ar));
  }

  private void onConnection(RestCall call, HttpClientAgent from, AsyncResult<HttpClientRequest> ar) {
    if (call.isDone()) {
      if (ar.succeeded()) {
        // Timed out or failed while waiting for a connection: give the connection back unused.
        ar.result().reset();
      }
      return;
    }
    if (ar.failed() && from != client) {
      // Waited for a connection of a client a configuration change replaced, which its shutdown refused: nothing
      // was sent, so the call asks the client that replaced it.
      obtainConnection(call);
      return;
    }
    if (ar.failed()) {
      Throwable cause = ar.cause();
      if (call.retried) {
        pending.finish(call, Response.failure(Status.CONNECTION_FAILED, call.firstFailure));
      } else if (cause instanceof ConnectionPoolTooBusyException) {
        pending.finish(call, Response.failure(Status.OVERLOADED, call.operationName() + " was not sent to " + call.endpoint()
            + ": " + maxWaitQueueSize + " requests already wait for one of the " + maxPoolSize
            + " connections of this REST client (raise axle.rest.client.connection.max-wait-queue-size or "
            + "axle.rest.client.connection.maxPoolSize)"));
      } else {
        pending.fail(call, connectFailure(cause));
      }
      return;
    }
    HttpClientRequest httpRequest = ar.result();
    call.httpRequest = httpRequest;
    ConnectionUse use = uses.computeIfAbsent(httpRequest.connection(), c -> new ConnectionUse());
    // Worth a second attempt only if the connection carried a request before and none is still open on it.
    boolean resendable = use.carried > 0 && use.unanswered == 0;
    byte[] body = call.request.body();
    // Each stage fires once: a retry's connection and write show up inside the first attempt's wait.
    boolean first = !call.retried;
    if (first) {
      call.invocation().mark(Stage.CONSUMER_CONNECTED);
    }
    RequestPlan.stampTimeout(httpRequest, call.invocation());
    Future<HttpClientResponse> answered;
    try {
      answered = body == null ? httpRequest.send() : httpRequest.send(Buffer.buffer(body));
    } catch (RuntimeException e) {
      // Vert.x checks some of the request only as it writes it; the call fails, not the loop.
      pending.finish(call, Response.failure(Status.BAD_REQUEST, "cannot encode the arguments of " + call.operationName()
          + ": " + e.getMessage()));
      resetRequest(call);
      return;
    }
    use.sent();
    call.invocation().requestWritten(first);
    answered.onComplete(response -> {
      use.unanswered--;
      onResponse(call, resendable, response);
    });
  }

  private void onResponse(RestCall call, boolean resendable, AsyncResult<HttpClientResponse> ar) {
    if (call.isDone()) {
      return;
    }
    if (ar.failed()) {
      Throwable cause = ar.cause();
      // A kept-alive connection the server closed as the request arrived: once more, on a new connection.
      boolean stale = resendable && isConnectionClosed(cause);
      if (!call.retried && !pending.isClosed() && Resend.verdict(Resend.Way.STALE_CONNECTION, new Resend.Attempt(
          Status.CONNECTION_FAILED, false, true, !call.invocation().isExpired(), false, stale)).mayResend()) {
        call.retried = true;
        call.firstFailure = CallFailures.failedOn(call.operationName(), call.endpoint(), reason(cause));
        call.httpRequest = null;
        obtainConnection(call);
        return;
      }
      pending.fail(call, reason(call, cause));
      return;
    }
    call.invocation().mark(Stage.CONSUMER_RECEIVED);
    HttpClientResponse response = ar.result();
    response.body().onComplete(body -> onBody(call, response, body));
  }

  private void onBody(RestCall call, HttpClientResponse response, AsyncResult<Buffer> ar) {
    if (call.isDone()) {
      return;
    }
    if (ar.failed()) {
      pending.fail(call, reason(ar.cause()));
      return;
    }
    byte[] bytes = ar.result().getBytes();
    int code = response.statusCode();
    Response result;
    if (code >= 200 && code < 300) {
      try {
        result = Response.ok(call.plan.decodeResult(bytes));
      } catch (RuntimeException | StackOverflowError e) {
        result = Response.failure(new AxleException(Status.INTERNAL_ERROR, "cannot decode the result of "
            + call.operationName() + ": "
            + (e instanceof StackOverflowError ? "nested too deeply (the stack overflowed)" : e.getMessage()), e));
      }
    } else {
      result = Response.failure(RestErrors.decode(json, code, bytes, call.plan.operation()));
    }
    call.invocation().mark(Stage.CONSUMER_DECODED);
    pending.finish(call, result);
  }

  /** Requests one connection carried, and how many of them are still waiting for their answer's head. */
  private static final class ConnectionUse {
    int carried;
    int unanswered;
    /** Why TLS failed on this connection after its handshake, or null. */
    String tlsFailure;

    void sent() {
      carried++;
      unanswered++;
    }
  }

  private static String connectFailure(Throwable cause) {
    return TlsFailures.isTls(cause) ? TlsFailures.handshakeFailed(cause)
        : "cannot connect: " + cause.getMessage();
  }

  private static void resetRequest(RestCall call) {
    HttpClientRequest request = call.httpRequest;
    if (request != null) {
      call.httpRequest = null;
      request.reset();
    }
  }

  /** As {@link #reason(Throwable)}, or the TLS failure of the call's connection, which says more. */
  private String reason(RestCall call, Throwable cause) {
    HttpClientRequest request = call.httpRequest;
    ConnectionUse use = request == null ? null : uses.get(request.connection());
    return use != null && use.tlsFailure != null ? use.tlsFailure : reason(cause);
  }

  private static String reason(Throwable cause) {
    if (isConnectionClosed(cause)) {
      return CallFailures.CONNECTION_CLOSED;
    }
    if (cause instanceof StreamResetException reset) {
      return "the provider reset the stream (HTTP/2 error code " + reset.getCode() + ")";
    }
    return cause.toString();
  }

  /** True for the ways a connection that went away before the answer shows itself. */
  static boolean isConnectionClosed(Throwable cause) {
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof HttpClosedException || t instanceof ClosedChannelException || t instanceof IOException) {
        return true;
      }
    }
    return false;
  }
}
