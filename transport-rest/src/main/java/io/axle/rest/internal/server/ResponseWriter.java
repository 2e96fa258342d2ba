package io.axle.rest.internal.server;

import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.rest.internal.LoopFlushes;
import io.axle.rest.internal.RestErrors;
import io.axle.rest.internal.RestJson;
import io.axle.transport.Attempt;
import io.axle.transport.calls.LoopOutbox;
import io.netty.channel.EventLoop;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;
import java.util.Map;

/**
 * Writes the JSON answers of one server event loop. An answer made on the loop is written at
 * once; answers made on worker or virtual threads are queued and the loop writes them in one
 * task per batch, instead of one wake-up and task per answer (the threading contract), and flushes
 * each connection once per batch ({@link LoopFlushes}) instead of once per answer.
 */
public final class ResponseWriter {
  static final CharSequence JSON = HttpHeaders.createOptimized("application/json");

  private final RestJson json;
  private final LoopOutbox<Answer> outbox;
  private final LoopFlushes flushes;

  /** An answer made off the loop; {@code invocation} and {@code answer} are null for the router's own errors. */
  private record Answer(Reply reply, int status, Buffer body, Attempt invocation, Response answer) {
  }

  public ResponseWriter(EventLoop loop, RestJson json) {
    this.json = json;
    this.flushes = new LoopFlushes(loop);
    this.outbox = new LoopOutbox<>(loop::inEventLoop, loop, new LoopOutbox.Sink<>() {
      @Override
      public boolean take(Answer answer) {
        // Taken in a drain: Vert.x's flush of this answer waits for the batch's end.
        flushes.hold();
        end(answer.reply, answer.status, answer.body, answer.invocation, answer.answer);
        return true;
      }

      @Override
      public void flush() {
        flushes.release();
      }

      @Override
      public void discard(Answer answer) {
        // The loop is gone with its connection: nothing is sent, but the call still ends.
        if (answer.invocation != null) {
          answer.invocation.end(answer.answer);
        }
      }
    }, false, true);
  }

  /** A new connection on this loop: its flushes can be batched. Vert.x's connection handler. */
  public void connected(HttpConnection connection) {
    flushes.install(connection);
  }

  /** Answers with JSON a request that reached no operation; callable from any thread. */
  void write(Reply reply, int status, Buffer body) {
    write(reply, status, body, null, null);
  }

  /**
   * Answers with JSON; callable from any thread. Once written on the loop, marks
   * {@link Stage#PROVIDER_SENT} on {@code invocation} (unless the client is gone) and ends it with
   * {@code answer}; a null invocation (the router's own errors) fires nothing.
   */
  void write(Reply reply, int status, Buffer body, Attempt invocation, Response answer) {
    if (outbox.onLoop()) {
      // At once, without making the queue's item.
      end(reply, status, body, invocation, answer);
      return;
    }
    outbox.submit(new Answer(reply, status, body, invocation, answer));
  }

  /**
   * An error as {@code {"status":…,"error":…,"message":…}}. The {@code status} field carries the
   * HTTP code actually sent, which for 405, 413 and 415 is more precise than the {@link Status}'s.
   */
  void writeError(HttpServerResponse response, int httpCode, Status status, String message) {
    writeError(Reply.of(response), httpCode, status, message);
  }

  void writeError(Reply reply, int httpCode, Status status, String message) {
    write(reply, httpCode, errorBody(json, httpCode, status, message));
  }

  static Buffer errorBody(RestJson json, int httpCode, Status status, String message) {
    Map<String, Object> body = RestErrors.body(status, message);
    body.put("status", httpCode);
    return Buffer.buffer(json.write(body));
  }

  private static void end(Reply reply, int status, Buffer body, Attempt invocation, Response answer) {
    // The client may have gone (closed, reset the stream, idle timeout) while the call ran: nothing
    // is sent, but the call still ends.
    if (!reply.gone()) {
      reply.send(status, JSON, body);
      if (invocation != null) {
        invocation.mark(Stage.PROVIDER_SENT);
      }
    }
    if (invocation != null) {
      invocation.end(answer);
    }
  }
}
