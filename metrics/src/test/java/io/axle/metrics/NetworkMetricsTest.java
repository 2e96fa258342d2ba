package io.axle.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.metrics.internal.LogSink;
import io.axle.metrics.internal.WindowJson;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Bytes per second per transport endpoint: a provider and a consumer on loopback, each installed with its
 * own {@link AxleMetrics}, over highway and over REST. The lower bounds are what the requests must at least
 * weigh on the wire (docs/protocol.md for highway; the JSON body for REST), so they hold whatever the
 * framing adds.
 */
class NetworkMetricsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final int CALLS = 50;
  private static final String MESSAGE = "x".repeat(100);

  private final List<String> providerLines = new CopyOnWriteArrayList<>();
  private AxleMetrics providerMetrics;
  private AxleMetrics consumerMetrics;
  private Axle provider;
  private Axle consumer;

  @AfterEach
  void stop() {
    for (AutoCloseable closeable : new AutoCloseable[] {consumerMetrics, providerMetrics, consumer, provider}) {
      if (closeable != null) {
        try {
          closeable.close();
        } catch (Exception e) {
          throw new AssertionError(e);
        }
      }
    }
  }

  /**
   * Highway: a 20-byte fixed header, a header with schema_id (tag, length, bytes) and operation (same), and a
   * body with the message as field 1 (tag, length, bytes); the timeout is left out, so this is a minimum.
   * REST: at least the message itself, in the JSON body.
   */
  private static long minimumRequestBytes(String transport) {
    if (transport.equals("highway")) {
      int header = 2 + Runtimes.SCHEMA.length() + 2 + "echo".length();
      int body = 2 + MESSAGE.length();
      return 20 + header + body;
    }
    // The request line alone, beside the JSON body: on the wire, not the decoded content.
    return "POST /EchoService/echo HTTP/1.1\r\n".length() + MESSAGE.length();
  }

  /** The answer carries the message back: at least its bytes (plus highway's fixed header). */
  private static long minimumAnswerBytes(String transport) {
    return transport.equals("highway") ? 20 + 2 + MESSAGE.length() : "HTTP/1.1 200 OK\r\n".length() + MESSAGE.length();
  }

  private static AxleMetrics metrics(LogSink sink) {
    return AxleMetrics.create(Runtimes.config(Map.of("axle.metrics.window_time", "60s",
        "axle.metrics.publisher.defaultLog.enabled", true, "axle.metrics.prometheus.enabled", true)), sink);
  }

  private static LogSink sink(List<String> lines) {
    return new LogSink() {
      @Override
      public void window(String line) {
        lines.add(line);
      }

      @Override
      public void slow(String line) {
      }
    };
  }

  @Test
  void rest_windowCountsTheBytesOfEveryCall() throws Exception {
    countsTheBytesOfEveryCall("rest");
  }

  /**
   * Highway's own Netty handlers sit in front of Vert.x's, so Vert.x never sees its bytes; Axle's wire counter
   * (core's WireBytes) does.
   */
  @Test
  void highway_windowCountsTheBytesOfEveryCall() throws Exception {
    countsTheBytesOfEveryCall("highway");
  }

  private void countsTheBytesOfEveryCall(String transport) throws Exception {
    providerMetrics = metrics(sink(providerLines));
    consumerMetrics = metrics(sink(new CopyOnWriteArrayList<>()));
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", Runtimes.SERVICE);
    entries.put("axle.highway.address", "127.0.0.1:0");
    entries.put("axle.rest.address", "127.0.0.1:0");
    for (String name : new String[] {"highway", "rest"}) {
      entries.put("axle." + name + ".server.thread-count", 1);
      entries.put("axle." + name + ".client.thread-count", 1);
    }
    provider = runtimes.start(providerMetrics.install(Axle.builder().config(Runtimes.config(entries))
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl())));
    int port = provider.endpoint(transport).orElseThrow().port();
    String endpoint = "127.0.0.1:" + port;
    consumer = runtimes.start(consumerMetrics.install(Axle.builder().config(Runtimes.config(Map.of(
        "axle.service.name", "test-consumer",
        "axle.registry.local." + Runtimes.SERVICE, transport + "://" + endpoint,
        "axle.references.transport", transport,
        "axle." + transport + ".server.thread-count", 1,
        "axle." + transport + ".client.thread-count", 1)))));
    EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    providerMetrics.start(provider);
    consumerMetrics.start(consumer);
    assertThat(echo.echo("warm-up")).isEqualTo("warm-up"); // the connection opens outside the window
    providerMetrics.tick();
    consumerMetrics.tick();

    for (int i = 0; i < CALLS; i++) {
      assertThat(echo.echo(MESSAGE)).isEqualTo(MESSAGE);
    }
    long in = CALLS * minimumRequestBytes(transport);
    long out = CALLS * minimumAnswerBytes(transport);
    // One connection open on each side, calls one after another: counted as it opened, read at scrape time.
    assertThat(connections(providerMetrics, transport, "server", endpoint)).isEqualTo(1.0);
    assertThat(connections(consumerMetrics, transport, "client", endpoint)).isEqualTo(1.0);
    // Closing the consumer closes its connections (counted down on each side); the counts may still lag a
    // little behind on the event loops.
    consumer.close();
    consumer = null;
    awaitCounters(providerMetrics, transport, "server", endpoint, in, out);
    awaitCounters(consumerMetrics, transport, "client", endpoint, out, in);
    long closing = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while ((connections(providerMetrics, transport, "server", endpoint) != 0
        || connections(consumerMetrics, transport, "client", endpoint) != 0) && System.nanoTime() < closing) {
      Thread.sleep(2); // each side hears the close on its event loop
    }
    assertThat(connections(providerMetrics, transport, "server", endpoint)).as("server, after the consumer closed")
        .isZero();
    assertThat(connections(consumerMetrics, transport, "client", endpoint)).as("client, after the consumer closed")
        .isZero();
    Window providerWindow = providerMetrics.tick();
    Window consumerWindow = consumerMetrics.tick();

    double seconds = providerWindow.duration().toNanos() / 1e9;
    NetworkStats server = providerWindow.network(transport, NetworkStats.SERVER, endpoint);
    assertThat(server).as("%s", providerWindow.network()).isNotNull();
    assertThat(Math.round(server.bytesInPerSecond() * seconds)).isGreaterThanOrEqualTo(in);
    assertThat(Math.round(server.bytesOutPerSecond() * seconds)).isGreaterThanOrEqualTo(out);
    // The provider's runtime opened no connection, and the other transport was idle.
    assertThat(providerWindow.network()).extracting(NetworkStats::side).containsOnly(NetworkStats.SERVER);
    assertThat(providerWindow.network()).extracting(NetworkStats::transport).containsOnly(transport);

    double consumerSeconds = consumerWindow.duration().toNanos() / 1e9;
    NetworkStats client = consumerWindow.network(transport, NetworkStats.CLIENT, endpoint);
    assertThat(client).as("%s", consumerWindow.network()).isNotNull();
    assertThat(Math.round(client.bytesOutPerSecond() * consumerSeconds)).isGreaterThanOrEqualTo(in);
    assertThat(Math.round(client.bytesInPerSecond() * consumerSeconds)).isGreaterThanOrEqualTo(out);
    assertThat(consumerWindow.network()).extracting(NetworkStats::side).containsOnly(NetworkStats.CLIENT);

    // The next window, with no call, has no row.
    assertThat(providerMetrics.tick().network()).isEmpty();

    // JSON.
    JsonArray json = WindowJson.of(providerWindow).getJsonArray("network");
    assertThat(json).hasSize(1);
    JsonObject row = json.getJsonObject(0);
    assertThat(row.getString("transport")).isEqualTo(transport);
    assertThat(row.getString("side")).isEqualTo("server");
    assertThat(row.getString("endpoint")).isEqualTo(endpoint);
    assertThat(row.getDouble("bytes_in_per_s")).isEqualTo(server.bytesInPerSecond());
    assertThat(row.getDouble("bytes_out_per_s")).isEqualTo(server.bytesOutPerSecond());
    assertThat(row.getLong("connections")).isEqualTo(server.connections()).isZero();

    // Prometheus: cumulative counters, warm-up included.
    String text = ((PrometheusMeterRegistry) providerMetrics.registry()).scrape();
    String labels = "{endpoint=\"" + endpoint + "\",side=\"server\",transport=\"" + transport + "\"}";
    assertThat(text).contains("# TYPE axle_network_bytes_read_total counter",
        "# TYPE axle_network_bytes_written_total counter",
        "axle_network_bytes_read_total" + labels, "axle_network_bytes_written_total" + labels);
    assertThat(counter(providerMetrics, "axle.network.bytes.read", transport, "server", endpoint))
        .isGreaterThanOrEqualTo((double) in + minimumRequestBytes(transport));
    String consumerText = ((PrometheusMeterRegistry) consumerMetrics.registry()).scrape();
    assertThat(consumerText).contains("axle_network_bytes_written_total{endpoint=\"" + endpoint
        + "\",side=\"client\",transport=\"" + transport + "\"}");

    // Log: the cpu line ends with the rates.
    assertThat(providerLines).anySatisfy(line -> assertThat(line).startsWith("cpu ")
        .containsPattern(" net " + transport + " server in=[0-9.]+(B|kB|MB)/s out=[0-9.]+(B|kB|MB)/s$"));
  }

  /**
   * A REST server's bytes are the bytes its socket carried, request line and headers included: a client that
   * writes a known request and reads the whole answer sees exactly what is counted for it. The connection's
   * first request is not the one measured: Vert.x reads it before it hands the connection over (it first
   * looks for an HTTP/2 preface), so the counter, installed then, starts with the second.
   */
  @Test
  void rest_serverCountsEveryByteOnTheWire_asTheClientsSocketSawThem() throws Exception {
    startProvider();
    int port = provider.endpoint("rest").orElseThrow().port();
    String endpoint = "127.0.0.1:" + port;
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
      java.io.InputStream in = socket.getInputStream();
      socket.getOutputStream().write(echoRequest("keep-alive"));
      readAnswer(in);
      double readBefore = counter(providerMetrics, "axle.network.bytes.read", "rest", "server", endpoint);
      double writtenBefore = counter(providerMetrics, "axle.network.bytes.written", "rest", "server", endpoint);

      byte[] request = echoRequest("close");
      socket.getOutputStream().write(request);
      byte[] answer = in.readAllBytes(); // the server closes after it
      assertThat(new String(answer, StandardCharsets.UTF_8)).startsWith("HTTP/1.1 200").endsWith("\"" + MESSAGE + "\"");

      awaitCounters(providerMetrics, "rest", "server", endpoint, readBefore + request.length,
          writtenBefore + answer.length);
      assertThat(counter(providerMetrics, "axle.network.bytes.read", "rest", "server", endpoint) - readBefore)
          .isEqualTo((double) request.length);
      assertThat(counter(providerMetrics, "axle.network.bytes.written", "rest", "server", endpoint) - writtenBefore)
          .isEqualTo((double) answer.length);
    }
  }

  private static byte[] echoRequest(String connection) {
    String body = "{\"message\":\"" + MESSAGE + "\"}";
    return ("POST /EchoService/echo HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n"
        + "content-length: " + body.length() + "\r\nconnection: " + connection + "\r\n\r\n" + body)
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** A provider with metrics, both transports on free loopback ports. */
  private void startProvider() {
    installProvider();
    providerMetrics.start(provider);
  }

  /** The same provider, its metrics installed but their clock not started. */
  private void installProvider() {
    providerMetrics = metrics(sink(providerLines));
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.highway.address", "127.0.0.1:0");
    entries.put("axle.rest.address", "127.0.0.1:0");
    provider = runtimes.start(providerMetrics.install(Axle.builder().config(Runtimes.config(entries))
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl())));
  }

  /** One whole answer: its head up to the blank line, then content-length bytes. */
  private static void readAnswer(java.io.InputStream in) throws java.io.IOException {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new java.io.EOFException("the answer ended in its head: " + head);
      }
      head.append((char) b);
    }
    java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(head);
    assertThat(length.find()).as("a content-length in %s", head).isTrue();
    in.readNBytes(Integer.parseInt(length.group(1)));
  }

  /**
   * A server on an ephemeral port counts under a provisional key until {@code metrics.start} learns its port: a
   * connection opened before that and closed after it leaves the count at zero, not one too high.
   */
  @Test
  void aConnectionOpenedBeforeTheMetricsStarted_isCountedDownWhenItCloses() throws Exception {
    installProvider();
    int port = provider.endpoint("highway").orElseThrow().port();
    String endpoint = "127.0.0.1:" + port;
    try (java.net.Socket early = new java.net.Socket("127.0.0.1", port)) {
      Thread.sleep(200); // accepted, and counted, under the provisional key
      providerMetrics.start(provider);
      assertThat(connections(providerMetrics, "highway", "server", endpoint)).isEqualTo(1.0);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (connections(providerMetrics, "highway", "server", endpoint) != 0 && System.nanoTime() < deadline) {
      Thread.sleep(2);
    }
    assertThat(connections(providerMetrics, "highway", "server", endpoint)).isZero();
  }

  @Test
  void metricsEndpoint_servesTheRestServerBytes() throws Exception {
    startProvider();
    int restPort = provider.endpoint("rest").orElseThrow().port();
    // Reading GET /metrics over REST is itself REST server traffic, counted once the connection closes.
    String endpoint = "127.0.0.1:" + restPort;
    String first = get(restPort, AxleMetrics.PROMETHEUS_PATH);
    assertThat(first).startsWith("HTTP/1.1 200");
    awaitCounters(providerMetrics, "rest", "server", endpoint, 0, 1);
    String body = get(restPort, AxleMetrics.PROMETHEUS_PATH);
    assertThat(body).contains("axle_network_bytes_read_total{endpoint=\"" + endpoint
        + "\",side=\"server\",transport=\"rest\"}");
  }

  /** The whole answer to a GET on a connection the server closes after it. */
  private static String get(int port, String path) throws java.io.IOException {
    try (java.net.Socket socket = new java.net.Socket("127.0.0.1", port)) {
      socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static double counter(AxleMetrics metrics, String name, String transport, String side, String endpoint) {
    FunctionCounter counter = metrics.registry().find(name)
        .tags("transport", transport, "side", side, "endpoint", endpoint).functionCounter();
    return counter == null ? -1 : counter.count();
  }

  private static double connections(AxleMetrics metrics, String transport, String side, String endpoint) {
    io.micrometer.core.instrument.Gauge gauge = metrics.registry().find("axle.network.connections")
        .tags("transport", transport, "side", side, "endpoint", endpoint).gauge();
    return gauge == null ? -1 : gauge.value();
  }

  private static void awaitCounters(AxleMetrics metrics, String transport, String side, String endpoint,
      double read, double written) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (counter(metrics, "axle.network.bytes.read", transport, side, endpoint) < read
        || counter(metrics, "axle.network.bytes.written", transport, side, endpoint) < written) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(transport + " " + side + " " + endpoint + ": read "
            + counter(metrics, "axle.network.bytes.read", transport, side, endpoint) + " < " + read
            + " or written " + counter(metrics, "axle.network.bytes.written", transport, side, endpoint) + " < "
            + written + "; meters: " + metrics.registry().getMeters().stream()
                .filter(m -> m.getId().getName().startsWith("axle.network")).map(m -> m.getId().toString()).toList());
      }
      Thread.sleep(2);
    }
  }
}
