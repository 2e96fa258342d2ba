package io.axle.rest.internal.server;

import io.axle.registry.Endpoint;
import io.axle.rest.internal.RestTransport;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.internal.buffer.BufferInternal;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.channels.ClosedChannelException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Serves the pipelined HTTP/1.1 requests of one connection side by side. Vert.x's HTTP/1.x server hands
 * a connection's next request to its handler only once the answer before it is written, so the requests
 * a client pipelines run one at a time, and on a worker executor each waits for two thread hand-offs of
 * the one before it. This handler sits just in front of Vert.x's in the connection's pipeline. While an
 * answer is owed on the connection, it takes a following request that {@link DirectRoutes} would serve
 * itself (exact method and path, no query, a JSON body framed by Content-Length within the limit), if it
 * is HTTP/1.1 keep-alive without {@code Expect} or {@code Upgrade}; it reads the body and starts the
 * call at once, on its operation's executor, through the same {@link RequestHandler}. Everything else
 * goes on to Vert.x, which serves it as before.
 *
 * <p>Answers still leave in request order, as HTTP/1.1 requires. Each request, taken here or passed on,
 * owes one answer, queued in arrival order; the messages Vert.x writes pass through this handler, and an
 * answer, Vert.x's or one made here, is held until every answer before it is written.
 *
 * <p>Bounds: at most {@code maxInService} requests taken here and not yet answered, none taken while the
 * connection cannot be written (a client that does not read), and at most one request in Vert.x's hands
 * until its answer is written: Vert.x must not run ahead and answer request after request into memory
 * while an earlier answer is slow. A request that must wait for Vert.x waits here, in order with
 * everything read after it, and the connection is read no further until it has gone on. So one
 * connection has at most {@code maxInService + 1} requests in service. A close (a graceful stop, an idle
 * timeout) waits until the answers taken here are written, for at most {@code closeGrace}; a second close
 * does not wait.
 *
 * <p>Loop-only: every method runs on the connection's event loop, where {@link ResponseWriter} also
 * brings the answers made on workers.
 */
final class PipelinedRequests extends ChannelDuplexHandler {
  /** The handler's name in the pipeline. */
  static final String NAME = "axle-pipelined-requests";
  /** Vert.x's HTTP/1.x connection handler, which this one goes in front of. */
  private static final String VERTX_HANDLER = "handler";
  /** Present only while the connection speaks HTTP/1.x. */
  private static final String VERTX_DECODER = "httpDecoder";

  private final DirectRoutes routes;
  private final RouterErrors errors;
  private final int maxInService;
  private final long closeGraceNanos;
  /** The answers owed, in request order. */
  private final ArrayDeque<Owed> owed = new ArrayDeque<>();
  /** What was read while a request waited for Vert.x, in order: that request first. */
  private final ArrayDeque<Object> waiting = new ArrayDeque<>();
  /** The one answer owed by Vert.x, if any: the request in its hands, until its answer is written. */
  private Theirs vertx;
  private boolean pausedHere;
  private boolean drainScheduled;
  private ChannelHandlerContext ctx;
  private Endpoint caller;
  /** The request taken here whose body is being read; null between requests. */
  private Reading reading;
  /** Requests taken here and not yet answered. */
  private int inService;
  /** No request is taken once the connection is to close (or switched protocols). */
  private boolean closing;
  private ChannelPromise closeWaiting;
  private ScheduledFuture<?> closeTimer;
  private boolean inRead;
  private boolean flushOwed;

  private PipelinedRequests(DirectRoutes routes, RouterErrors errors, int maxInService, Duration closeGrace) {
    this.routes = routes;
    this.errors = errors;
    this.maxInService = maxInService;
    this.closeGraceNanos = closeGrace.toNanos();
  }

  /**
   * Puts the handler in front of Vert.x's on an HTTP/1.x {@code channel} of {@code loop}; does nothing for
   * HTTP/2 or when {@code maxInService} is 1 (Vert.x's own one at a time). Call it from the connection handler.
   */
  static void install(Channel channel, io.netty.channel.EventLoop loop, DirectRoutes routes, RouterErrors errors,
      int maxInService, Duration closeGrace) {
    var pipeline = channel.pipeline();
    if (maxInService > 1 && channel.eventLoop() == loop && pipeline.get(VERTX_DECODER) != null
        && pipeline.get(VERTX_HANDLER) != null && pipeline.get(NAME) == null) {
      pipeline.addBefore(VERTX_HANDLER, NAME, new PipelinedRequests(routes, errors, maxInService, closeGrace));
    }
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
    SocketAddress remote = ctx.channel().remoteAddress();
    this.caller = remote instanceof InetSocketAddress inet && inet.getPort() > 0
        ? new Endpoint(RestTransport.NAME, inet.getHostString(), inet.getPort()) : null;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    inRead = true;
    if (!waiting.isEmpty() || !route(msg)) {
      waiting.addLast(msg);
      pauseReading();
    }
  }

  /**
   * Takes {@code msg} here or passes it on to Vert.x; false, having done nothing, for a request that must
   * wait until Vert.x's answer before it is written.
   */
  private boolean route(Object msg) {
    if (reading != null && msg instanceof HttpContent content) {
      if (content.decoderResult().isFailure()) {
        // The body broke off mid-way: the connection cannot be read on. What is owed is written first.
        content.release();
        reading = null;
        ctx.close();
        return true;
      }
      readBody(content);
      return true;
    }
    if (msg instanceof HttpRequest request) {
      DirectRoutes.Target target = takeable(request);
      if (target != null) {
        reading = new Reading(target, request);
        if (msg instanceof HttpContent content) {
          readBody(content);
        }
        return true;
      }
      if (vertx != null) {
        return false;
      }
      vertx = new Theirs();
      owed.addLast(vertx);
      if (!HttpUtil.isKeepAlive(request) || request.headers().contains(HttpHeaderNames.UPGRADE)) {
        closing = true;
      }
    }
    ctx.fireChannelRead(msg);
    return true;
  }

  /** Reading stops while something waits here; Vert.x turning it back on is undone at the next read. */
  private void pauseReading() {
    pausedHere = true;
    if (ctx.channel().config().isAutoRead()) {
      ctx.channel().config().setAutoRead(false);
    }
  }

  /** Vert.x's answer is written: what waited for it goes on, in a task of its own rather than inside Vert.x's write. */
  private void vertxAnswered() {
    vertx = null;
    if (!waiting.isEmpty() && !drainScheduled) {
      drainScheduled = true;
      ctx.executor().execute(this::drainWaiting);
    }
  }

  private void drainWaiting() {
    drainScheduled = false;
    // A batch of reads, as the socket's would be: answers made meanwhile are flushed once, at its end.
    inRead = true;
    boolean routed = false;
    Object msg;
    while ((msg = waiting.peekFirst()) != null && route(msg)) {
      waiting.pollFirst();
      routed = true;
    }
    if (waiting.isEmpty() && pausedHere) {
      pausedHere = false;
      ctx.channel().config().setAutoRead(true);
    }
    if (routed) {
      // Vert.x, too, flushes what it wrote for the messages handed to it only at the end of a read.
      channelReadComplete(ctx);
    } else {
      inRead = false;
    }
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    inRead = false;
    if (flushOwed) {
      flushOwed = false;
      ctx.flush();
    }
    ctx.fireChannelReadComplete();
  }

  /** The route to serve {@code request} on here, or null when it goes on to Vert.x. */
  private DirectRoutes.Target takeable(HttpRequest request) {
    if (owed.isEmpty() || closing || inService >= maxInService || !ctx.channel().isWritable()
        || !request.decoderResult().isSuccess() || request.protocolVersion() != HttpVersion.HTTP_1_1) {
      return null;
    }
    HttpHeaders headers = request.headers();
    if (!HttpUtil.isKeepAlive(request) || headers.contains(HttpHeaderNames.EXPECT)
        || headers.contains(HttpHeaderNames.UPGRADE)) {
      return null;
    }
    String uri = request.uri();
    if (uri.isEmpty() || uri.charAt(0) != '/' || uri.indexOf('?') >= 0 || uri.indexOf('#') >= 0) {
      return null;
    }
    HttpMethod method = HttpMethod.valueOf(request.method().name());
    return method == HttpMethod.HEAD ? null : routes.match(method, uri, headers::get, false);
  }

  private void readBody(HttpContent content) {
    try {
      reading.append(content.content());
    } finally {
      content.release();
    }
    if (content instanceof LastHttpContent) {
      Reading read = reading;
      reading = null;
      start(read);
    }
  }

  private void start(Reading read) {
    Ours ours = new Ours(read.request.method().name(), read.request.uri());
    owed.addLast(ours);
    inService++;
    try {
      read.target.handler().serve(new View(read.request, ours), read.body);
    } catch (RuntimeException e) {
      errors.failed(ours.request, ours, e);
    }
  }

  @Override
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    Theirs answering = vertx;
    if (answering == null || answering.ended) {
      // Nothing of Vert.x's is owed that this handler knows of (after a switch of protocols): straight on.
      ctx.write(msg, promise);
      return;
    }
    boolean ends = ends(msg);
    if (answering == owed.peekFirst()) {
      ctx.write(msg, promise);
      if (ends) {
        owed.pollFirst();
        vertxAnswered();
        writeOwed();
      }
    } else {
      answering.hold(msg, promise);
      answering.ended = ends;
    }
  }

  /** Whether {@code msg} is the end of an answer: the last part of a final (not 1xx) response. */
  private static boolean ends(Object msg) {
    if (!(msg instanceof LastHttpContent)) {
      return false;
    }
    return !(msg instanceof HttpResponse response)
        || response.status().codeClass() != HttpStatusClass.INFORMATIONAL;
  }

  /** Writes the answers at the head of the queue that are ready, in order, up to the first that is not. */
  private void writeOwed() {
    boolean wrote = false;
    Owed head;
    while ((head = owed.peekFirst()) != null) {
      if (head instanceof Ours ours) {
        if (ours.response == null) {
          break;
        }
        ctx.write(ours.response, ctx.voidPromise());
        ours.response = null;
        owed.pollFirst();
        wrote = true;
      } else {
        Theirs theirs = (Theirs) head;
        wrote |= theirs.writeHeld(ctx);
        if (!theirs.ended) {
          break;
        }
        owed.pollFirst();
        vertxAnswered();
      }
    }
    if (wrote) {
      if (inRead) {
        flushOwed = true;
      } else {
        ctx.flush();
      }
    }
    if (closeWaiting != null && !holdsAnswers()) {
      closeNow();
    }
  }

  /** Whether an answer taken here is still to be written, or one of Vert.x's is held. */
  private boolean holdsAnswers() {
    for (Owed o : owed) {
      if (o instanceof Ours || ((Theirs) o).held != null) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
    closing = true;
    if (closeWaiting == null && holdsAnswers()) {
      closeWaiting = promise;
      closeTimer = ctx.executor().schedule(this::closeNow, closeGraceNanos, TimeUnit.NANOSECONDS);
      return;
    }
    // Nothing to wait for, or a second close (a forced one after a graceful stop's grace), which does not
    // wait: the first one goes ahead with it.
    closeNow();
    ctx.flush();
    ctx.close(promise);
  }

  /** The close that waited goes ahead, answers written or not. */
  private void closeNow() {
    ChannelPromise promise = closeWaiting;
    if (promise == null) {
      return;
    }
    closeWaiting = null;
    closeTimer.cancel(false);
    ctx.flush();
    ctx.close(promise);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    releaseAll();
    ctx.fireChannelInactive();
  }

  @Override
  public void handlerRemoved(ChannelHandlerContext ctx) {
    releaseAll();
  }

  /** The connection is gone: Vert.x's held messages are dropped and their writes failed; calls still running end unsent. */
  private void releaseAll() {
    reading = null;
    vertx = null;
    Object msg;
    while ((msg = waiting.pollFirst()) != null) {
      ReferenceCountUtil.release(msg);
    }
    for (Owed o : owed) {
      if (o instanceof Theirs theirs) {
        theirs.drop();
      }
    }
    owed.clear();
    inService = 0;
    if (closeTimer != null) {
      closeTimer.cancel(false);
    }
  }

  /** One answer owed on the connection. */
  private abstract static class Owed {
  }

  /** An answer Vert.x writes: the messages it wrote before its turn, held with their promises. */
  private static final class Theirs extends Owed {
    private List<Object> held;
    boolean ended;

    void hold(Object msg, ChannelPromise promise) {
      if (held == null) {
        held = new ArrayList<>(4);
      }
      held.add(msg);
      held.add(promise);
    }

    boolean writeHeld(ChannelHandlerContext ctx) {
      if (held == null) {
        return false;
      }
      List<Object> messages = held;
      held = null;
      for (int i = 0; i < messages.size(); i += 2) {
        ctx.write(messages.get(i), (ChannelPromise) messages.get(i + 1));
      }
      return true;
    }

    void drop() {
      if (held == null) {
        return;
      }
      for (int i = 0; i < held.size(); i += 2) {
        ReferenceCountUtil.release(held.get(i));
        ((ChannelPromise) held.get(i + 1)).tryFailure(new ClosedChannelException());
      }
      held = null;
    }
  }

  /** An answer to a request taken here: where {@link RequestHandler} sends it, written in its turn. */
  private final class Ours extends Owed implements Reply {
    /** Method and path, for a failure's message. */
    final String request;
    FullHttpResponse response;
    private boolean answered;

    Ours(String method, String path) {
      this.request = RouterErrors.describe(method, path);
    }

    @Override
    public boolean gone() {
      return answered || !ctx.channel().isActive();
    }

    @Override
    public void send(int status, CharSequence contentType, Buffer body) {
      answered = true;
      inService--;
      ByteBuf content = status == NO_CONTENT ? Unpooled.EMPTY_BUFFER : ((BufferInternal) body).getByteBuf();
      FullHttpResponse answer = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.valueOf(status),
          content);
      if (status != NO_CONTENT) {
        answer.headers().set(HttpHeaderNames.CONTENT_TYPE, contentType)
            .set(HttpHeaderNames.CONTENT_LENGTH, content.readableBytes());
      }
      response = answer;
      writeOwed();
    }
  }

  /** A request taken here while its body is read. */
  private static final class Reading {
    final DirectRoutes.Target target;
    final HttpRequest request;
    final Buffer body;

    Reading(DirectRoutes.Target target, HttpRequest request) {
      this.target = target;
      this.request = request;
      String length = request.headers().get(HttpHeaderNames.CONTENT_LENGTH);
      // DirectRoutes took it only with a Content-Length within the limit, or none (no body).
      this.body = Buffer.buffer(length == null ? 0 : (int) DirectRoutes.contentLength(length));
    }

    void append(ByteBuf bytes) {
      if (bytes.isReadable()) {
        ((BufferInternal) body).unwrap().writeBytes(bytes);
      }
    }
  }

  /** What {@link RequestHandler} reads of a request taken here. */
  private final class View implements RequestView {
    private final HttpHeaders headers;
    private final Ours reply;

    View(HttpRequest request, Ours reply) {
      this.headers = request.headers();
      this.reply = reply;
    }

    @Override
    public List<String> headers(String name) {
      return headers.getAll(name);
    }

    @Override
    public String header(String name) {
      return headers.get(name);
    }

    @Override
    public Endpoint caller() {
      return caller;
    }

    @Override
    public Reply reply() {
      return reply;
    }

    @Override
    public String pathParam(String routerName) {
      throw RequestView.withoutRouter("path variable", routerName);
    }

    @Override
    public List<String> queryParam(String name) {
      throw RequestView.withoutRouter("query parameter", name);
    }
  }
}
