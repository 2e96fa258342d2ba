package io.axle.perf.consumer;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.axle.config.HostAndPort;
import io.axle.metrics.AxleMetrics;
import io.axle.registry.Endpoint;
import io.axle.transport.HttpEndpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The perf consumer's live dashboard ({@code --dashboard}): the page and windows of this consumer's runtime
 * (the same endpoints a producer serves on its REST port, {@link AxleMetrics#endpoints()}), and the producer's
 * windows relayed under {@link #PEER_PREFIX}, so that one page draws both sides. Served by the JDK's HTTP server
 * on a thread of its own, never on an event loop of the runtime under test; the producer is asked only when the
 * page asks (once a second), with a short timeout.
 */
final class ConsumerDashboard implements AutoCloseable {
  /** The producer's {@code /metrics/window(s)} are relayed under this prefix. */
  static final String PEER_PREFIX = "/peer";
  private static final Duration PEER_TIMEOUT = Duration.ofMillis(800);

  /** The running diagnosis, shown above the charts. */
  static final String DIAGNOSIS_PATH = "/perf/diagnosis";

  private final HttpServer server;
  private final ExecutorService thread;
  private final HttpClient http;
  private final URI producer;
  private final Supplier<String> diagnosis;

  private ConsumerDashboard(HttpServer server, ExecutorService thread, URI producer,
      Supplier<String> diagnosis) {
    this.diagnosis = diagnosis;
    this.server = server;
    this.thread = thread;
    this.producer = producer;
    this.http = producer == null ? null
        : HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(PEER_TIMEOUT).build();
  }

  /**
   * Starts serving on {@code address} (port 0: any free one).
   *
   * @param producerRest the producer's REST endpoint, whose windows the page shows beside this consumer's;
   *     null when there is none (the raw baselines keep no windows)
   * @param diagnosis the run's latest window's diagnosis, shown above the charts; null before the first
   * @throws UncheckedIOException naming the address and the key when it cannot be bound
   */
  static ConsumerDashboard start(HostAndPort address, AxleMetrics metrics, Endpoint producerRest,
      Supplier<String> diagnosis) {
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(address.host(), address.port()), 16);
    } catch (IOException e) {
      throw new UncheckedIOException("dashboard.address: " + address + " cannot be bound (" + e.getMessage()
          + ") (expected: a free host:port, or port 0 for any)", e);
    }
    ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "perf-consumer-dashboard");
      t.setDaemon(true);
      return t;
    });
    URI producer = producerRest == null ? null
        : URI.create("http://" + producerRest.host() + ":" + producerRest.port());
    ConsumerDashboard dashboard = new ConsumerDashboard(server, thread, producer, diagnosis);
    for (HttpEndpoint endpoint : metrics.endpoints()) {
      if (!endpoint.path().equals(AxleMetrics.SOURCES_PATH)) {
        server.createContext(endpoint.path(), exchange -> dashboard.serve(exchange, endpoint));
      }
    }
    // Which sources the page draws: this consumer, then the producer when there is one.
    server.createContext(AxleMetrics.SOURCES_PATH, dashboard::sources);
    server.createContext(PEER_PREFIX + "/", dashboard::relay);
    server.createContext(DIAGNOSIS_PATH, dashboard::diagnosis);
    server.setExecutor(thread);
    server.start();
    return dashboard;
  }

  /** {@code http://host:port/axle/dashboard}, a wildcard address shown as loopback. */
  String url() {
    InetSocketAddress bound = server.getAddress();
    String host = bound.getAddress().isAnyLocalAddress() ? "127.0.0.1" : bound.getHostString();
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + bound.getPort()
        + AxleMetrics.DASHBOARD_PATH;
  }

  private void serve(HttpExchange exchange, HttpEndpoint endpoint) throws IOException {
    if (!exchange.getRequestURI().getPath().equals(endpoint.path())) {
      answer(exchange, 404, "text/plain; charset=utf-8", bytes("no such page: " + exchange.getRequestURI()));
      return;
    }
    answer(exchange, 200, endpoint.contentType(), endpoint.render());
  }

  private void sources(HttpExchange exchange) throws IOException {
    String note = ",{\"label\":\"diagnosis\",\"note\":\"" + DIAGNOSIS_PATH + "\"}";
    String sources = producer == null ? "[{\"label\":\"consumer\",\"base\":\"\"}" + note + "]"
        : "[{\"label\":\"consumer\",\"base\":\"\"},{\"label\":\"producer\",\"base\":\"" + PEER_PREFIX + "\"}"
            + note + "]";
    answer(exchange, 200, "application/json", bytes(sources));
  }

  /** The latest measured window's {@code likely bottleneck: …} line, as text; empty before the first. */
  private void diagnosis(HttpExchange exchange) throws IOException {
    String text = diagnosis.get();
    answer(exchange, 200, "text/plain; charset=utf-8", bytes(text == null ? "" : text));
  }

  /** {@code /peer/metrics/window(s)}: the producer's answer as it came, or 502 saying why there is none. */
  private void relay(HttpExchange exchange) throws IOException {
    String path = exchange.getRequestURI().getPath().substring(PEER_PREFIX.length());
    if (producer == null || !List.of(AxleMetrics.WINDOW_PATH, AxleMetrics.WINDOWS_PATH).contains(path)) {
      answer(exchange, 404, "text/plain; charset=utf-8", bytes("no producer windows at " + exchange.getRequestURI()));
      return;
    }
    try {
      HttpResponse<byte[]> answer = http.send(HttpRequest.newBuilder(producer.resolve(path)).timeout(PEER_TIMEOUT)
          .GET().build(), HttpResponse.BodyHandlers.ofByteArray());
      answer(exchange, answer.statusCode(), answer.headers().firstValue("content-type").orElse("application/json"),
          answer.body());
    } catch (IOException e) {
      answer(exchange, 502, "text/plain; charset=utf-8", bytes("the producer at " + producer + " did not answer "
          + path + ": " + e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      answer(exchange, 502, "text/plain; charset=utf-8", bytes("interrupted"));
    }
  }

  private static void answer(HttpExchange exchange, int status, String contentType, byte[] body) throws IOException {
    exchange.getResponseHeaders().set("content-type", contentType);
    exchange.getResponseHeaders().set("cache-control", "no-store");
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    try (var out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    server.stop(0);
    thread.shutdownNow();
    if (http != null) {
      http.close();
    }
  }
}
