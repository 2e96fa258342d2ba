package io.axle.perf.baseline;

import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import java.nio.charset.StandardCharsets;

/**
 * The raw HTTP echo: {@code POST} to any path answers {@code 200 application/json}. A body shaped as the
 * Axle REST consumer sends {@code echo}'s argument, {@code {"message":…}}, is answered with the value alone
 * ({@code "xxxxxxxxxx"}), which is what Axle's REST server answers, so both runs put the same bytes on the
 * wire; found by its first and last bytes, not parsed, since parsing is part of what Axle is measured for.
 * Any other body is echoed whole.
 */
final class HttpEcho {
  private static final byte[] MESSAGE_FIELD = "{\"message\":".getBytes(StandardCharsets.US_ASCII);
  private static final CharSequence JSON = HttpHeaders.createOptimized("application/json");

  private HttpEcho() {
  }

  static void serve(HttpServerRequest request) {
    if (request.method() != HttpMethod.POST) {
      request.response().setStatusCode(405).putHeader(HttpHeaders.ALLOW, "POST").end();
      return;
    }
    request.body().onSuccess(body -> request.response().putHeader(HttpHeaders.CONTENT_TYPE, JSON).end(answer(body)));
  }

  /** The value of a {@code {"message":…}} body, else the body. */
  static Buffer answer(Buffer body) {
    int length = body.length();
    if (length < MESSAGE_FIELD.length + 1 || body.getByte(length - 1) != '}') {
      return body;
    }
    for (int i = 0; i < MESSAGE_FIELD.length; i++) {
      if (body.getByte(i) != MESSAGE_FIELD[i]) {
        return body;
      }
    }
    return body.slice(MESSAGE_FIELD.length, length - 1);
  }
}
