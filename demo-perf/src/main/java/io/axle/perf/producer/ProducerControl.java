package io.axle.perf.producer;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.axle.config.HostAndPort;
import io.axle.perf.PerfKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A producer's control endpoint ({@code control.address}): {@code POST /perf/restart} with {@code key=value} lines
 * restarts the producer with those producer keys on top of its own command line, answers once it serves again,
 * and so lets a consumer's {@code -c --tune} try a configuration on a producer it did not start. {@code POST
 * /perf/change} takes the same lines and applies them to the running producer when every key is live
 * (docs/live-configuration.md): no restart, its connections, JIT and windows kept; otherwise it restarts. Off unless
 * {@code control.address} is set; one request at a time, on a thread of its own. Anyone who reaches the address can
 * restart the producer with any producer key, so it is meant for loopback or a trusted network.
 */
final class ProducerControl implements AutoCloseable {
  static final String PATH = "/perf/restart";
  static final String CHANGE_PATH = "/perf/change";

  /** What the producer does with a request's keys: answers its ready line, or throws saying what was wrong. */
  interface Handler {
    String apply(Map<String, String> keys, boolean liveWherePossible);
  }
  /** Longest body: a configuration is a few keys. */
  private static final int MAX_BODY = 16 * 1024;

  private final HttpServer server;
  private final ExecutorService thread;

  private ProducerControl(HttpServer server, ExecutorService thread) {
    this.server = server;
    this.thread = thread;
  }

  /**
   * Serves on {@code address}; each restart goes to {@code restart}, which answers the new ready line or throws
   * with a message that says what was wrong (a bad key or value: the producer then serves as before).
   *
   * @throws UncheckedIOException naming the key when the address cannot be bound
   */
  static ProducerControl start(HostAndPort address, Handler handler) {
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(address.host(), address.port()), 4);
    } catch (IOException e) {
      throw new UncheckedIOException(PerfKeys.CONTROL_ADDRESS.name() + ": " + address + " cannot be bound ("
          + e.getMessage() + ") (expected: a free host:port, or port 0 for any)", e);
    }
    // The loader of the producer's classes: the JDK's HTTP dispatcher, which makes this thread, has the system's,
    // where a restart inside perf.jar finds no Spring configuration (its classes are in the jar's own loader).
    ClassLoader loader = ProducerControl.class.getClassLoader();
    ExecutorService thread = Executors.newSingleThreadExecutor(runnable -> {
      Thread t = new Thread(runnable, "perf-producer-control");
      t.setDaemon(true);
      t.setContextClassLoader(loader);
      return t;
    });
    server.setExecutor(thread);
    server.createContext(PATH, exchange -> handle(exchange, keys -> handler.apply(keys, false)));
    server.createContext(CHANGE_PATH, exchange -> handle(exchange, keys -> handler.apply(keys, true)));
    server.start();
    return new ProducerControl(server, thread);
  }

  /** Where to send restarts, e.g. {@code http://127.0.0.1:9090/perf/restart}. */
  String url() {
    InetSocketAddress bound = server.getAddress();
    String host = bound.getAddress().isAnyLocalAddress() ? "127.0.0.1" : bound.getAddress().getHostAddress();
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + bound.getPort() + PATH;
  }

  private static void handle(HttpExchange exchange, Function<Map<String, String>, String> restart) throws IOException {
    try (exchange) {
      if (!"POST".equals(exchange.getRequestMethod())) {
        answer(exchange, 405, "method: " + exchange.getRequestMethod() + " (expected: POST " + PATH
            + " with key=value lines)");
        return;
      }
      byte[] body = exchange.getRequestBody().readNBytes(MAX_BODY + 1);
      if (body.length > MAX_BODY) {
        answer(exchange, 413, "body: over " + MAX_BODY + " bytes (expected: a few key=value lines)");
        return;
      }
      Map<String, String> keys;
      try {
        keys = parse(new String(body, StandardCharsets.UTF_8));
      } catch (IllegalArgumentException e) {
        answer(exchange, 400, e.getMessage());
        return;
      }
      try {
        answer(exchange, 200, restart.apply(keys));
      } catch (RuntimeException e) {
        answer(exchange, 400, String.valueOf(e.getMessage()));
      }
    }
  }

  /**
   * {@code key=value} lines, blank lines ignored; every key must be a producer's ({@link PerfKeys#isProducerKey}).
   *
   * @throws IllegalArgumentException naming the line and what was expected
   */
  static Map<String, String> parse(String body) {
    Map<String, String> keys = new LinkedHashMap<>();
    for (String line : body.lines().map(String::strip).filter(line -> !line.isEmpty()).toList()) {
      int equals = line.indexOf('=');
      if (equals <= 0) {
        throw new IllegalArgumentException("line: " + line + " (expected: key=value)");
      }
      String key = line.substring(0, equals).strip();
      if (!PerfKeys.isProducerKey(key)) {
        throw new IllegalArgumentException("key: " + key + " (expected: a producer key: axle.*, servicecomb.*, "
            + PerfKeys.RESPONSE_SIZE.name() + " or baseline.*)");
      }
      keys.put(key, line.substring(equals + 1).strip());
    }
    return keys;
  }

  private static void answer(HttpExchange exchange, int status, String text) throws IOException {
    byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
    exchange.sendResponseHeaders(status, bytes.length);
    exchange.getResponseBody().write(bytes);
  }

  @Override
  public void close() {
    server.stop(0);
    thread.shutdownNow();
  }
}
