package io.axle.rest.internal.server;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerResponse;

/**
 * Where one request's answer goes: the Vert.x response of a request Vert.x handed over, or the place of a
 * pipelined request {@link PipelinedRequests} read ahead in its connection's order of answers. Both are
 * written on the server's event loop only ({@link ResponseWriter} brings answers there).
 */
interface Reply {
  int NO_CONTENT = 204;

  /** True when no one is left to read the answer: the connection closed, the stream was reset, or it was answered. */
  boolean gone();

  /** Sends the answer: {@code body} as {@code contentType}, or nothing for 204. */
  void send(int status, CharSequence contentType, Buffer body);

  static Reply of(HttpServerResponse response) {
    return new Reply() {
      @Override
      public boolean gone() {
        return response.ended() || response.closed();
      }

      @Override
      public void send(int status, CharSequence contentType, Buffer body) {
        if (status == NO_CONTENT) {
          response.setStatusCode(status).end();
        } else {
          response.setStatusCode(status).putHeader(HttpHeaders.CONTENT_TYPE, contentType).end(body);
        }
      }
    };
  }
}
