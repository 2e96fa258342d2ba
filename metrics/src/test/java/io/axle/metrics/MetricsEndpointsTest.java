package io.axle.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import io.axle.transport.UnmatchedRequests;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * GET /metrics and GET /metrics/window on the REST port of a provider called over highway on loopback,
 * read with the JDK's HTTP client.
 */
class MetricsEndpointsTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final String ECHO = "EchoService.echo";
  /** A sample line: name, optional {labels}, value (Prometheus text format 0.0.4). */
  private static final Pattern SAMPLE = Pattern.compile(
      "([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{((?:[a-zA-Z_][a-zA-Z0-9_]*=\"(?:[^\"\\\\]|\\\\.)*\",?)*)\\})? "
          + "(-?[0-9.eE+-]+|NaN|\\+Inf|-Inf)");
  private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  private final AtomicInteger consumerEnds = new AtomicInteger();
  private final AtomicInteger providerEnds = new AtomicInteger();
  private final HttpClient http = HttpClient.newHttpClient();
  private AxleMetrics metrics;
  private Axle provider;
  private Axle consumer;
  private EchoService echo;

  @BeforeEach
  void start() {
    InvocationListener counter = new InvocationListener() {
      @Override
      public void onEnd(Call invocation, Response response) {
        (invocation.role() == Role.CONSUMER ? consumerEnds : providerEnds).incrementAndGet();
      }
    };
    metrics = AxleMetrics.create(Runtimes.config(Map.of("axle.metrics.window_time", "60s",
        "axle.metrics.prometheus.enabled", true)));
    provider = provider(metrics, counter);
    consumer = consumer(provider, metrics, counter);
    echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    metrics.start(provider);
  }

  private static Axle provider(AxleMetrics metrics, InvocationListener counter) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.highway.address", "127.0.0.1:0");
    entries.put("axle.rest.address", "127.0.0.1:0");
    entries.put("axle.highway.server.thread-count", 1);
    entries.put("axle.highway.client.thread-count", 1);
    entries.put("axle.rest.server.thread-count", 1);
    entries.put("axle.rest.client.thread-count", 1);
    Axle.Builder builder = Axle.builder().config(Runtimes.config(entries))
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl());
    metrics.install(builder).listener(counter);
    return runtimes.start(builder);
  }

  private static Axle consumer(Axle provider, AxleMetrics metrics, InvocationListener counter) {
    return runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.registry.local." + Runtimes.SERVICE,
            "highway://127.0.0.1:" + provider.endpoint("highway").orElseThrow().port(),
            "axle.highway.client.thread-count", 1, "axle.highway.server.thread-count", 1,
            "axle.rest.client.thread-count", 1)))
        .listener(metrics.listener()).listener(counter));
  }

  @AfterEach
  void stop() {
    metrics.close();
    if (consumer != null) {
      consumer.close();
    }
    if (provider != null) {
      provider.close();
    }
  }

  private HttpResponse<String> get(String path) throws Exception {
    HttpResponse<String> response = get(provider, path);
    assertThat(response.statusCode()).as(path).isEqualTo(200);
    return response;
  }

  private HttpResponse<String> get(Axle runtime, String path) throws Exception {
    URI uri = URI.create("http://127.0.0.1:" + runtime.endpoint("rest").orElseThrow().port() + path);
    return http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
  }

  private void call(int n, int alreadyEnded) throws InterruptedException {
    for (int i = 0; i < n; i++) {
      assertThat(echo.echo("m" + i)).isEqualTo("m" + i);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (consumerEnds.get() < alreadyEnded + n || providerEnds.get() < alreadyEnded + n) {
      assertThat(System.nanoTime()).as("every call ended").isLessThan(deadline);
      Thread.sleep(2);
    }
  }

  /** Every sample of the text; fails on a line that is neither a comment nor a sample. */
  private static Map<String, Double> samples(String text) {
    Map<String, Double> samples = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      Matcher matcher = SAMPLE.matcher(line);
      assertThat(matcher.matches()).as("a sample line: %s", line).isTrue();
      String labels = matcher.group(3) == null ? "" : matcher.group(3);
      Map<String, String> byName = new java.util.TreeMap<>();
      Matcher label = LABEL.matcher(labels);
      while (label.find()) {
        byName.put(label.group(1), label.group(2));
      }
      samples.put(matcher.group(1) + byName, Double.parseDouble(matcher.group(4)));
    }
    return samples;
  }

  private static Double sample(Map<String, Double> samples, String name, String... labels) {
    Map<String, String> byName = new java.util.TreeMap<>();
    for (int i = 0; i < labels.length; i += 2) {
      byName.put(labels[i], labels[i + 1]);
    }
    return samples.get(name + byName);
  }

  @Test
  void theGrafanaDashboard_queriesOnlyMetersAndLabelsAxleExports() throws Exception {
    call(3, 0);
    metrics.tick();
    String scrape = get("/metrics").body();
    java.nio.file.Path file = java.nio.file.Path.of("..", "docs", "grafana", "axle-dashboard.json");
    JsonObject dashboard = new JsonObject(java.nio.file.Files.readString(file));
    java.util.Set<String> metricsQueried = new java.util.TreeSet<>();
    java.util.Set<String> labelsQueried = new java.util.TreeSet<>();
    for (Object panel : dashboard.getJsonArray("panels")) {
      for (Object target : ((JsonObject) panel).getJsonArray("targets")) {
        String expr = ((JsonObject) target).getString("expr");
        Matcher metric = Pattern.compile("\\b(axle_[a-z_]+)\\b").matcher(expr);
        while (metric.find()) {
          metricsQueried.add(metric.group(1));
        }
        Matcher by = Pattern.compile("by \\(([^)]*)\\)").matcher(expr);
        while (by.find()) {
          for (String label : by.group(1).split(",")) {
            labelsQueried.add(label.trim());
          }
        }
      }
    }
    assertThat(metricsQueried).hasSizeGreaterThan(8);
    for (String name : metricsQueried) {
      assertThat(scrape).as("a sample of %s in Axle's scrape", name).containsPattern("(?m)^" + name + "[{ ]");
    }
    labelsQueried.remove("le");
    for (String label : labelsQueried) {
      assertThat(scrape).as("label %s in Axle's scrape", label).contains(label + "=\"");
    }
  }

  @Test
  void theDashboardAndTheLastWindows_areServed_andTurnOffWithTheirKey() throws Exception {
    HttpResponse<String> page = get(AxleMetrics.DASHBOARD_PATH);
    assertThat(page.headers().firstValue("content-type")).hasValue("text/html; charset=utf-8");
    assertThat(page.body()).contains("<title>Axle — live windows</title>").contains("/metrics/windows");
    call(2, 0);
    metrics.tick();
    metrics.tick();
    JsonArray windows = new JsonArray(get(AxleMetrics.WINDOWS_PATH).body());
    assertThat(windows.size()).isGreaterThanOrEqualTo(2);
    for (int i = 1; i < windows.size(); i++) {
      assertThat(windows.getJsonObject(i).getLong("end")).as("oldest first")
          .isGreaterThanOrEqualTo(windows.getJsonObject(i - 1).getLong("end"));
    }
    assertThat(windows.stream().mapToLong(w -> ((JsonObject) w).getLong("count")).sum()).isGreaterThanOrEqualTo(4);

    try (AxleMetrics off = AxleMetrics.create(Runtimes.config(Map.of("axle.metrics.window_time", "60s",
            "axle.metrics.dashboard.enabled", false)));
        Axle offProvider = provider(off, new InvocationListener() { })) {
      off.start(offProvider);
      assertThat(get(offProvider, AxleMetrics.DASHBOARD_PATH).statusCode()).isEqualTo(404);
      assertThat(get(offProvider, AxleMetrics.WINDOWS_PATH).statusCode()).isEqualTo(404);
    }
  }

  /** An operation of the EchoService schema that the provider does not serve. */
  public interface Unserved {
    String shout(String message);
  }

  @Test
  void requestsThatReachNoOperation_areCountedInTheWindow_withTheirStatus() throws Exception {
    metrics.tick(); // drops what came before
    assertThat(post("/EchoService/nope", "application/json", "{}").statusCode()).isEqualTo(404);
    assertThat(get(provider, "/EchoService/echo").statusCode()).isEqualTo(405);
    assertThat(post("/EchoService/echo", "text/plain", "hi").statusCode()).isEqualTo(415);
    Unserved unserved = consumer.reference(Unserved.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    assertThatThrownBy(() -> unserved.shout("x")).isInstanceOf(AxleException.class)
        .satisfies(e -> assertThat(((AxleException) e).status()).isEqualTo(Status.NOT_FOUND));

    Window window = metrics.tick();
    assertThat(providerCount(window, "rest", Status.NOT_FOUND)).as("rest 404").isEqualTo(1);
    assertThat(providerCount(window, "rest", Status.BAD_REQUEST)).as("rest 405 and 415").isEqualTo(2);
    assertThat(providerCount(window, "highway", Status.NOT_FOUND)).as("highway, no such operation").isEqualTo(1);
  }

  private static long providerCount(Window window, String transport, Status status) {
    return window.operations().stream()
        .filter(op -> op.role() == Role.PROVIDER && op.transport().equals(transport) && op.status() == status
            && op.operation().equals(UnmatchedRequests.OPERATION.qualifiedName()))
        .mapToLong(OperationStats::count).sum();
  }

  private HttpResponse<String> post(String path, String contentType, String body) throws Exception {
    URI uri = URI.create("http://127.0.0.1:" + provider.endpoint("rest").orElseThrow().port() + path);
    return http.send(HttpRequest.newBuilder(uri).header("Content-Type", contentType)
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void prometheusText_isServedOnlyWhenEnabled_andNeverForAnApplicationsRegistry() throws Exception {
    try (AxleMetrics quiet = AxleMetrics.create(Runtimes.config(Map.of("axle.metrics.window_time", "60s")));
        Axle quietProvider = provider(quiet, new InvocationListener() { })) {
      quiet.start(quietProvider);
      assertThat(get(quietProvider, "/metrics").statusCode()).as("GET /metrics by default").isEqualTo(404);
      assertThat(get(quietProvider, "/metrics/window").statusCode()).isEqualTo(200);
    }
    assertThatThrownBy(() -> AxleMetrics.create(Runtimes.config(Map.of("axle.metrics.prometheus.enabled", true)),
        new io.micrometer.prometheusmetrics.PrometheusMeterRegistry(
            io.micrometer.prometheusmetrics.PrometheusConfig.DEFAULT)))
        .isInstanceOf(io.axle.config.ConfigException.class)
        .hasMessageContaining("axle.metrics.prometheus.enabled: true (expected: false, since Axle's meters go to the "
            + "application's MeterRegistry");
  }

  @Test
  void prometheusText_countsEveryCall_cumulatively() throws Exception {
    call(7, 0);
    metrics.tick();
    call(5, 7); // in another window: Prometheus counts are not per window
    metrics.tick(); // the timers are fed as windows close

    HttpResponse<String> response = get("/metrics");
    assertThat(response.headers().firstValue("content-type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
    assertThat(response.body()).contains("# TYPE axle_invocation_seconds histogram");
    Map<String, Double> samples = samples(response.body());
    for (String role : new String[] {"consumer", "provider"}) {
      String[] key = {"role", role, "transport", "highway", "operation", ECHO, "status", "OK"};
      assertThat(sample(samples, "axle_invocation_seconds_count", key)).as(role).isEqualTo(12.0);
      assertThat(sample(samples, "axle_invocation_seconds_sum", key)).as(role).isPositive();
      assertThat(sample(samples, "axle_invocation_seconds_max", key)).as(role).isPositive();
      String[] inf = {"role", role, "transport", "highway", "operation", ECHO, "status", "OK", "le", "+Inf"};
      assertThat(sample(samples, "axle_invocation_seconds_bucket", inf)).as(role).isEqualTo(12.0);
    }
    String group = provider.executors().keySet().stream().filter(name -> name.startsWith("group")).findFirst()
        .orElseThrow();
    Double threads = sample(samples, "axle_executor_threads", "executor", group);
    assertThat(threads).isPositive();
    assertThat(sample(samples, "axle_executor_active", "executor", group)).isBetween(0.0, threads);
    assertThat(sample(samples, "axle_executor_queued", "executor", group)).isZero();
    assertThat(sample(samples, "axle_executor_rejected_total", "executor", group)).isZero();
    assertThat(sample(samples, "axle_process_cpu_seconds_total")).isPositive();
    assertThat(sample(samples, "axle_cpu_cores")).isPositive();
    assertThat(samples).containsKeys("axle_cpu_process_percent{}", "axle_cpu_os_percent{}");
  }

  @Test
  void windowJson_beforeTheFirstWindow_isNull() throws Exception {
    HttpResponse<String> response = get("/metrics/window");
    assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
    JsonObject json = new JsonObject(response.body());
    assertThat(json.containsKey("window")).isTrue();
    assertThat(json.getValue("window")).isNull();
  }

  @Test
  void windowJson_holdsTheLastWindow() throws Exception {
    call(3, 0);
    metrics.tick(); // drops start-up and the first calls
    call(9, 3);
    Window window = metrics.tick();

    HttpResponse<String> response = get("/metrics/window");
    JsonObject json = new JsonObject(response.body());
    assertThat(json.getLong("start")).isEqualTo(window.start().toEpochMilli());
    assertThat(json.getLong("end")).isEqualTo(window.end().toEpochMilli());
    assertThat(json.getDouble("duration_ms")).isPositive();
    JsonArray operations = json.getJsonArray("operations");
    for (String role : new String[] {"consumer", "provider"}) {
      JsonObject row = operations.stream().map(JsonObject.class::cast)
          .filter(o -> o.getString("role").equals(role) && o.getString("operation").equals(ECHO))
          .findFirst().orElseThrow();
      assertThat(row.getString("transport")).isEqualTo("highway");
      assertThat(row.getString("status")).isEqualTo("OK");
      assertThat(row.getLong("count")).as(role).isEqualTo(9);
      assertThat(row.getLong("errors")).isZero();
      assertThat(row.getDouble("tps")).isCloseTo(9 / (window.duration().toNanos() / 1e9),
          org.assertj.core.api.Assertions.within(1e-6));
      JsonObject latency = row.getJsonObject("latency_ms");
      assertThat(latency.fieldNames()).containsExactlyInAnyOrder("avg", "p50", "p90", "p99", "p999", "max");
      assertThat(latency.getDouble("p50")).isPositive().isLessThanOrEqualTo(latency.getDouble("max"));
      JsonObject stages = row.getJsonObject("stages_us");
      assertThat(stages.fieldNames()).contains(role.equals("consumer") ? "wait" : "execute");
      for (String stage : stages.fieldNames()) {
        JsonObject figures = stages.getJsonObject(stage);
        // Each time is clamped at 0 when recorded, so the average is never negative; avg <= max is what can break.
        assertThat(figures.getDouble("max")).as(stage).isGreaterThanOrEqualTo(figures.getDouble("avg"));
      }
    }
    JsonArray pools = json.getJsonArray("pools");
    assertThat(pools).isNotEmpty();
    JsonObject pool = pools.getJsonObject(0);
    assertThat(pool.fieldNames()).contains("name", "threads", "active", "queued", "rejected");
    JsonObject cpu = json.getJsonObject("cpu");
    assertThat(cpu.fieldNames()).contains("process_percent", "os_percent", "cores");
    assertThat(cpu.getDouble("cores")).isPositive();
    assertThat(metrics.lastWindow().operation(Role.CONSUMER, "highway", ECHO, Status.OK).count()).isEqualTo(9);
  }

  @Test
  void anExternalRegistry_getsTheMeters_andNoPrometheusEndpoint() throws Exception {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    InvocationListener none = new InvocationListener() {
    };
    try (AxleMetrics external = AxleMetrics.create(Runtimes.config(Map.of("axle.metrics.window_time", "60s",
            "axle.metrics.publisher.defaultLog.enabled", false)), registry);
        Axle otherProvider = provider(external, none);
        Axle otherConsumer = consumer(otherProvider, external, none)) {
      external.start(otherProvider);
      assertThat(external.registry()).isSameAs(registry);
      EchoService other = otherConsumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      for (int i = 0; i < 4; i++) {
        other.echo("x");
      }
      // The consumer's end may be heard just after the caller got its answer; the timers are fed as
      // windows close.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      external.tick();
      while (registry.get("axle.invocation").tags("role", "consumer", "operation", ECHO, "status", "OK")
          .timer().count() < 4 && System.nanoTime() < deadline) {
        Thread.sleep(2);
        external.tick();
      }
      assertThat(registry.get("axle.invocation").tags("role", "consumer", "operation", ECHO, "status", "OK")
          .timer().count()).isEqualTo(4);
      assertThat(registry.get("axle.executor.threads").gauges()).isNotEmpty();
      assertThat(get(otherProvider, "/metrics").statusCode()).isEqualTo(404);
      assertThat(get(otherProvider, "/metrics/window").statusCode()).isEqualTo(200);
    }
  }
}
