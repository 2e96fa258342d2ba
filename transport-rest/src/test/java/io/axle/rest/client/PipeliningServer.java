package io.axle.rest.client;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetSocket;
import io.vertx.core.parsetools.RecordParser;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * An HTTP/1.1 server written on a bare TCP socket, because Vert.x's own server hands a pipelined
 * request to its handler only once the answer before it is written and so cannot show what a
 * pipelining client puts on the wire. It reads each request (head and {@code content-length}
 * body), holds it unanswered, and lets the test's policy decide, after each one, whether to answer
 * every held request in order or to close the connection.
 */
final class PipeliningServer implements AutoCloseable {
  /** One connection as the policy sees it, on the server's event loop. */
  static final class Connection {
    final int number;
    private final NetSocket socket;
    private int held;
    /** Request bodies read on this connection, in order. */
    final List<String> bodies = new CopyOnWriteArrayList<>();
    /** The most requests this connection held unanswered at once. */
    volatile int mostHeld;

    private Connection(int number, NetSocket socket) {
      this.number = number;
      this.socket = socket;
    }

    int held() {
      return held;
    }

    /** Answers each held request, in the order read, with the JSON string {@code "ok"}. */
    void answerAll() {
      Buffer answers = Buffer.buffer();
      for (int i = 0; i < held; i++) {
        answers.appendString("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 4\r\n\r\n\"ok\"");
      }
      held = 0;
      socket.write(answers);
    }

    /** Closes the connection with every held request unanswered. */
    void close() {
      held = 0;
      socket.close();
    }
  }

  private final Vertx vertx = Vertx.vertx();
  private final NetServer server;
  private final AtomicInteger accepted = new AtomicInteger();
  final List<Connection> connections = new CopyOnWriteArrayList<>();

  PipeliningServer(Consumer<Connection> policy) {
    server = vertx.createNetServer().connectHandler(socket -> serve(socket, policy));
    try {
      server.listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  int port() {
    return server.actualPort();
  }

  private void serve(NetSocket socket, Consumer<Connection> policy) {
    Connection connection = new Connection(accepted.incrementAndGet(), socket);
    connections.add(connection);
    RecordParser parser = RecordParser.newDelimited("\r\n\r\n");
    parser.handler(new io.vertx.core.Handler<>() {
      private boolean inBody;

      @Override
      public void handle(Buffer record) {
        if (!inBody) {
          int length = contentLength(record.toString(StandardCharsets.ISO_8859_1));
          if (length > 0) {
            inBody = true;
            parser.fixedSizeMode(length);
            return;
          }
          record = Buffer.buffer();
        }
        inBody = false;
        parser.delimitedMode("\r\n\r\n");
        connection.bodies.add(record.toString(StandardCharsets.UTF_8));
        connection.held++;
        connection.mostHeld = Math.max(connection.mostHeld, connection.held);
        policy.accept(connection);
      }
    });
    socket.handler(parser);
  }

  private static int contentLength(String head) {
    for (String line : head.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        return Integer.parseInt(line.substring("content-length:".length()).trim());
      }
    }
    return 0;
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
