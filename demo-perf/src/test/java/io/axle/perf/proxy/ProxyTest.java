package io.axle.perf.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.config.AxleConfig;
import io.axle.perf.ExitStatus;
import io.axle.perf.PerfBooks;
import io.axle.perf.PerfMain;
import io.axle.perf.PerfOutput;
import io.axle.perf.PerfService;
import io.axle.perf.SharedProducer;
import io.axle.perf.StopSignal;
import io.axle.perf.TestProducers;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** consumer -> proxy -> producer on loopback: a real producer, real proxies and the real consumer. */
@Tag("slow")
class ProxyTest {
  private static final Pattern READY = Pattern.compile("perf proxy ready: highway://127\\.0\\.0\\.1:(\\d+)"
      + " rest://127\\.0\\.0\\.1:(\\d+) \\(executor: (.+), target: perf1 over (highway|rest)\\)");
  /** The producer's cumulative count of answered echo calls, from its Prometheus text. */
  private static final Pattern ECHO_COUNT = Pattern.compile("^axle_invocation_seconds_count\\{([^}]*)\\} ([0-9.eE+]+)$",
      Pattern.MULTILINE);

  private static final HttpClient HTTP = HttpClient.newHttpClient();
  // Short windows: the producer's Prometheus counts are fed as windows close.
  @RegisterExtension
  static final SharedProducer shared = new SharedProducer(Map.of("axle.metrics.window_time", 200));
  /** The proxies, the consumer and the client of a test, and the books of their calls. */
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  @ParameterizedTest(name = "{0} proxy, downstream over {1}")
  @CsvSource({"inline, highway", "group, highway", "virtual, highway", "group, rest"})
  void consumerThroughTheProxy_reachesTheProducer_withEachExecutor(String executor, String transport,
      @TempDir Path dir) throws Exception {
    double producerCallsBefore = producerEchoCalls();
    try (Proxy proxy = startProxy(Map.of("axle.executors.default", executor,
        "axle.references.transport", transport,
        "axle.registry.local.perf1", registryEntry(shared.get().endpoints())))) {
      Matcher ready = READY.matcher(proxy.readyLine());
      assertThat(ready.matches()).as(proxy.readyLine()).isTrue();
      assertThat(ready.group(3)).startsWith(executor);
      assertThat(ready.group(4)).isEqualTo(transport);

      Path json = dir.resolve("result.json");
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      ByteArrayOutputStream err = new ByteArrayOutputStream();
      // The unchanged consumer, told that perf1 is the proxy: it cannot tell the difference.
      int status = PerfMain.run(new String[] {"-c", "--sync=false", "--async-count=8", "--duration=1s",
          "--warmup=0s", "--axle.metrics.window_time=500", "--axle.highway.client.thread-count=1",
          "--json=" + json, "--axle.registry.local.perf1=" + registryEntry(proxy.endpoints())},
          print(out), print(err));

      assertThat(status).as("consumer exit; stdout:%n%s%nstderr:%n%s", out, err).isZero();
      JsonObject result = new JsonObject(Files.readString(json));
      long requests = result.getLong("requests");
      assertThat(requests).isPositive();
      assertThat(result.getLong("errors")).isZero();
      // Every measured call went through to the producer (the consumer's start-up probe too).
      assertThat(awaitProducerEchoCalls(producerCallsBefore + requests) - producerCallsBefore)
          .isGreaterThanOrEqualTo(requests);
    }
  }

  @Test
  void downstreamDown_answersEachCallWithAClearError_andTheProxyStaysUp() throws Exception {
    int closedPort;
    try (ServerSocket socket = new ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    try (Proxy proxy = startProxy(Map.of("axle.registry.local.perf1", "highway://127.0.0.1:" + closedPort))) {
      Axle client = books.runtimes().start(Axle.builder().config(AxleConfig.builder()
          .put("axle.service.name", "proxy-test-client")
          .put("axle.highway.client.thread-count", 1)
          .put("axle.registry.local.perf-proxy", registryEntry(proxy.endpoints()))
          .build()));
      try {
        PerfService viaProxy = client.reference(PerfService.class, "perf-proxy", PerfService.SCHEMA_ID);
        for (int i = 0; i < 3; i++) {
          Throwable failure = catchThrowable(() -> viaProxy.echo("hello"));

          assertThat(failure).isInstanceOf(AxleException.class);
          assertThat(((AxleException) failure).status()).isEqualTo(Status.PROVIDER_ERROR);
          assertThat(failure.getMessage()).contains("perf-proxy: downstream perf1 over highway failed: CONNECTION_FAILED")
              .contains(String.valueOf(closedPort));
        }
      } finally {
        client.stop(Duration.ZERO);
      }

      // Over REST too, and the proxy still answers what does not need the downstream.
      String rest = "http://127.0.0.1:" + proxy.endpoint("rest").port();
      HttpResponse<String> echo = HTTP.send(HttpRequest.newBuilder(URI.create(rest + "/PerfService/echo"))
          .header("content-type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString("{\"message\":\"hi\"}")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(echo.statusCode()).isEqualTo(500);
      assertThat(echo.body()).contains("downstream perf1 over highway failed");
      HttpResponse<String> openApi = HTTP.send(HttpRequest.newBuilder(URI.create(rest + "/openapi.json")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(openApi.statusCode()).isEqualTo(200);
      assertThat(openApi.body()).contains("/PerfService/echo");
    }
  }

  @Test
  void targetNotInTheRegistry_isABadConfiguration_beforeAnythingListens() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(proxyArgs("--proxy.target=perf9"), print(out), print(err));

    assertThat(status).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("proxy.target: perf9: not in the registry (known services: [perf1]; expected: one of them, or an"
            + " entry axle.registry.local.perf9: [highway://host:port]) — from command line --proxy.target=perf9")
        .doesNotContain("\tat ");
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain("ready");
  }

  @Test
  void targetThatIsTheProxyItself_orWithoutAnEntryForTheTransport_isABadConfiguration() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    assertThat(PerfMain.run(proxyArgs("--proxy.target=perf-proxy", "--axle.registry.local.perf-proxy=highway://127.0.0.1:1"),
        print(new ByteArrayOutputStream()), print(err))).isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("proxy.target: perf-proxy (expected: a service other"
        + " than this proxy's own axle.service.name");

    err.reset();
    assertThat(PerfMain.run(proxyArgs("--axle.references.transport=rest",
        "--axle.registry.local.perf1=highway://127.0.0.1:1"), print(new ByteArrayOutputStream()), print(err)))
        .isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("axle.registry.local.perf1: highway://127.0.0.1:1"
        + " (expected: a rest://host:port entry, because the proxy calls perf1 over rest");
  }

  @Test
  void proxyWithAnotherMode_isABadConfiguration() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    assertThat(PerfMain.run(new String[] {"--proxy", "--loopback"}, print(new ByteArrayOutputStream()), print(err)))
        .isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(PerfMain.run(new String[] {"-c", "--proxy"}, print(new ByteArrayOutputStream()), print(err)))
        .isEqualTo(ExitStatus.BAD_CONFIGURATION);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("arguments: --loopback --proxy (expected: ")
        .contains("arguments: -c --proxy (expected: ");
  }

  private static Proxy startProxy(Map<String, String> extra) {
    return Proxy.start(proxyArgs(extra.entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue())
        .toArray(String[]::new)), new PerfOutput(System.out, System.err), new StopSignal());
  }

  /** {@code --proxy} on ephemeral loopback ports with one thread per pool, then {@code extra}. */
  private static String[] proxyArgs(String... extra) {
    Map<String, Object> entries = TestProducers.loopbackSettings();
    entries.put("axle.metrics.publisher.defaultLog.enabled", false);
    List<String> args = new ArrayList<>();
    args.add("--proxy");
    entries.forEach((key, value) -> args.add("--" + key + "=" + value));
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }

  private static String registryEntry(Map<String, io.axle.registry.Endpoint> endpoints) {
    return endpoints.values().stream().map(e -> e.transport() + "://127.0.0.1:" + e.port())
        .collect(Collectors.joining(","));
  }

  private static double awaitProducerEchoCalls(double atLeast) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    double calls = producerEchoCalls();
    while (calls < atLeast && System.nanoTime() < deadline) {
      Thread.sleep(100);
      calls = producerEchoCalls();
    }
    return calls;
  }

  /** Echo calls the producer answered OK so far, over both transports. */
  private static double producerEchoCalls() throws Exception {
    HttpResponse<String> metrics = HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
        + shared.get().endpoint("rest").port() + "/metrics")).build(), HttpResponse.BodyHandlers.ofString());
    double calls = 0;
    Matcher sample = ECHO_COUNT.matcher(metrics.body());
    while (sample.find()) {
      String labels = sample.group(1);
      if (labels.contains("role=\"provider\"") && labels.contains("operation=\"PerfService.echo\"")
          && labels.contains("status=\"OK\"")) {
        calls += Double.parseDouble(sample.group(2));
      }
    }
    return calls;
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
