package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.testing.AxleExtension;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;

/**
 * A Boot web application with Actuator, over real HTTP: Axle's health component while it serves and
 * while it stops, in the readiness group, and {@code /actuator/axle}.
 */
@org.junit.jupiter.api.Tag("slow") // Boot applications with a web server: outside the fast subset
class ActuatorTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void health_isUpWhileServing_outOfServiceWhileStopping_andJoinsTheReadinessGroup() throws Exception {
    ConfigurableApplicationContext context = webApp("--management.endpoint.health.probes.enabled=true",
        "--management.endpoint.health.group.readiness.include=readinessState,axle");
    EchoProvider provider = context.getBean(EchoProvider.class);
    int web = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    int rest = Apps.endpoint(context, "rest").port();
    CompletableFuture<HttpResponse<String>> blocked = null;
    try {
      JsonObject health = json(web, "/actuator/health");
      JsonObject axle = health.getJsonObject("components").getJsonObject("axle");
      assertThat(axle.getString("status")).isEqualTo("UP");
      assertThat(axle.getJsonObject("details").getJsonObject("listening").getString("rest")).endsWith(":" + rest);
      JsonObject readiness = json(web, "/actuator/health/readiness");
      assertThat(readiness.getString("status")).isEqualTo("UP");
      assertThat(readiness.getJsonObject("components").getJsonObject("axle").getString("status")).isEqualTo("UP");

      // A call in flight keeps the runtime stopping while the health is read.
      blocked = LoopbackHttp.client().sendAsync(LoopbackHttp.request(rest, "/EchoService/block", "{\"message\":\"held\"}"),
          HttpResponse.BodyHandlers.ofString());
      provider.awaitBlocked();
      CompletableFuture<Void> closing = CompletableFuture.runAsync(context::close);
      String status = null;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (System.nanoTime() < deadline && !"OUT_OF_SERVICE".equals(status)) {
        Thread.sleep(20);
        HttpResponse<String> response = LoopbackHttp.get(web, "/actuator/health");
        status = new JsonObject(response.body()).getJsonObject("components").getJsonObject("axle").getString("status");
        if ("OUT_OF_SERVICE".equals(status)) {
          assertThat(response.statusCode()).as("the health endpoint's code while Axle stops").isEqualTo(503);
        }
      }
      assertThat(status).as("axle's health while its calls finish").isEqualTo("OUT_OF_SERVICE");
      provider.release();
      assertThat(blocked.get(20, TimeUnit.SECONDS).body()).isEqualTo("\"held\"");
      closing.get(20, TimeUnit.SECONDS);
    } finally {
      provider.release();
      context.close();
    }
  }

  @Test
  void aRegistryOutage_leavesHealthAndReadinessUp_andShowsInTheDetails_asTheConnectionsOpenDo() throws Exception {
    try (TestingServer zookeeper = new TestingServer(true);
        ConfigurableApplicationContext context = webApp("--management.endpoint.health.probes.enabled=true",
            "--management.endpoint.health.group.readiness.include=readinessState,axle",
            "--axle.registry.type=zookeeper",
            "--axle.registry.zookeeper.connect-string=" + zookeeper.getConnectString(),
            "--axle.registry.deregister-wait=100ms")) {
      int web = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
      int rest = Apps.endpoint(context, "rest").port();
      JsonObject axle = json(web, "/actuator/health").getJsonObject("components").getJsonObject("axle");
      assertThat(axle.getString("status")).isEqualTo("UP");
      JsonObject registry = axle.getJsonObject("details").getJsonObject("registry");
      assertThat(registry.getString("name")).contains("ZooKeeper at " + zookeeper.getConnectString());
      assertThat(registry.getBoolean("reachable")).isTrue();

      // A keep-alive connection to the REST port, counted as the next window closes.
      HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      assertThat(client.send(LoopbackHttp.request(rest, "/EchoService/echo", "{\"message\":\"kept\"}"),
          HttpResponse.BodyHandlers.ofString()).body()).isEqualTo("\"kept\"");
      awaitTrue(() -> restServerConnections(json(web, "/actuator/axle").getJsonArray("connections"), rest) == 1,
          "the REST connection in /actuator/axle");
      awaitTrue(() -> restServerConnections(health(web).getJsonObject("details").getJsonArray("connections"), rest)
          == 1, "the REST connection in the health details");

      zookeeper.stop();
      awaitTrue(() -> !health(web).getJsonObject("details").getJsonObject("registry").getBoolean("reachable"),
          "the registry shown unreachable once ZooKeeper is gone");
      // Serving instances stay in: a registry outage is every instance's at once.
      HttpResponse<String> whole = LoopbackHttp.get(web, "/actuator/health");
      assertThat(whole.statusCode()).as("plain health while ZooKeeper is gone: %s", whole.body()).isEqualTo(200);
      assertThat(new JsonObject(whole.body()).getString("status")).isEqualTo("UP");
      HttpResponse<String> readiness = LoopbackHttp.get(web, "/actuator/health/readiness");
      assertThat(readiness.statusCode()).isEqualTo(200);
      assertThat(LoopbackHttp.get(web, "/actuator/health/liveness").statusCode()).isEqualTo(200);
      JsonObject outage = health(web);
      assertThat(outage.getString("status")).isEqualTo("UP");
      assertThat(outage.getJsonObject("details").getString("state")).contains("cannot be reached");
      assertThat(client.send(LoopbackHttp.request(rest, "/EchoService/echo", "{\"message\":\"served\"}"),
          HttpResponse.BodyHandlers.ofString()).body()).as("still serving").isEqualTo("\"served\"");

      zookeeper.restart();
      awaitTrue(() -> health(web).getJsonObject("details").getJsonObject("registry").getBoolean("reachable"),
          "reachable once ZooKeeper is back");
      client.close();
    }
  }

  /** The connections open on the REST server listening on {@code port}, as a connections list shows them. */
  private static long restServerConnections(io.vertx.core.json.JsonArray connections, int port) {
    return connections.stream().map(JsonObject.class::cast)
        .filter(c -> c.getString("transport").equals("rest") && c.getString("side").equals("server")
            && c.getString("endpoint").endsWith(":" + port))
        .mapToLong(c -> c.getLong("connections")).sum();
  }

  /** Axle's health component, whatever the overall status (a DOWN one answers 503). */
  private static JsonObject health(int web) throws Exception {
    return new JsonObject(LoopbackHttp.get(web, "/actuator/health").body()).getJsonObject("components")
        .getJsonObject("axle");
  }

  /** Polls {@code condition} for up to 20 s. */
  private static void awaitTrue(java.util.concurrent.Callable<Boolean> condition, String what) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (!condition.call()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 20 s: " + what);
      }
      Thread.sleep(50);
    }
  }

  @Test
  void axleEndpoint_showsTheRuntime_withTheSourceOfEachKey_andHidesSecrets() throws Exception {
    try (ConfigurableApplicationContext context = webApp("--axle.request.timeout=7s",
        "--axle.tls.client.password=hunter2")) {
      int web = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
      HttpResponse<String> page = LoopbackHttp.get(web, "/actuator/axle");
      assertThat(page.body()).as("a secret's value").doesNotContain("hunter2");
      JsonObject axle = new JsonObject(page.body());
      assertThat(axle.getJsonObject("configuration").getJsonObject("axle.tls.client.password").getString("value"))
          .isEqualTo("******");

      assertThat(axle.getString("state")).isEqualTo("running");
      assertThat(axle.getString("service")).isEqualTo("yaml-service");
      assertThat(axle.getJsonObject("listening").fieldNames()).contains("highway", "rest");
      JsonObject timeout = axle.getJsonObject("configuration").getJsonObject("axle.request.timeout");
      assertThat(timeout.getString("value")).isEqualTo("7s");
      assertThat(timeout.getString("source")).isEqualTo("commandLineArgs");
      assertThat(axle.getJsonObject("configuration").getJsonObject("axle.highway.address").getString("source"))
          .startsWith("microservice.yaml");
      JsonObject executors = axle.getJsonObject("executors");
      JsonObject group = executors.getJsonObject(executors.fieldNames().stream().filter(n -> n.startsWith("group"))
          .findFirst().orElseThrow());
      assertThat(group.getString("kind")).isEqualTo("group");
      assertThat(group.getBoolean("saturated")).isFalse();
      assertThat(axle.containsKey("window")).isTrue();
      JsonObject echo = axle.getJsonArray("operations").stream().map(JsonObject.class::cast)
          .filter(op -> op.getString("name").equals("EchoService.echo")).findFirst().orElseThrow();
      assertThat(echo.getString("executor")).startsWith("group");
      // The starter's observation filter is first: this test's classpath has Boot's tracing.
      assertThat(echo.getString("chain")).isEqualTo("[observation] -> method");
      assertThat(axle.getString("consumerChain")).startsWith("[observation");
    }
  }

  @Test
  void axlesMeters_areInActuatorsPrometheusScrapeAndMetricsEndpoint_andNotOnTheRpcPort() throws Exception {
    try (ConfigurableApplicationContext context = webApp(
        "--management.endpoints.web.exposure.include=prometheus,metrics")) {
      int web = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
      int rest = Apps.endpoint(context, "rest").port();
      HttpResponse<String> call = LoopbackHttp.postJson(rest, "/EchoService/echo", "{\"message\":\"scraped\"}");
      assertThat(call.statusCode()).isEqualTo(200);

      // Meters are fed as windows close (one a second).
      String sample = "axle_invocation_seconds_count{operation=\"EchoService.echo\",role=\"provider\",status=\"OK\","
          + "transport=\"rest\"} 1";
      String scrape = "";
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (!scrape.contains(sample) && System.nanoTime() < deadline) {
        Thread.sleep(100);
        scrape = LoopbackHttp.get(web, "/actuator/prometheus").body();
      }
      assertThat(scrape).contains(sample).contains("axle_executor_threads{")
          .contains("axle_invocation_seconds_bucket{operation=\"EchoService.echo\",role=\"provider\",status=\"OK\","
              + "transport=\"rest\",le=\"+Inf\"} 1");
      // The same meter in Actuator's own metrics endpoint, drilled down by tag as Boot users do.
      JsonObject invocation = json(web, "/actuator/metrics/axle.invocation?tag=role:provider&tag=transport:rest"
          + "&tag=operation:EchoService.echo");
      JsonObject count = invocation.getJsonArray("measurements").stream().map(JsonObject.class::cast)
          .filter(m -> m.getString("statistic").equals("COUNT")).findFirst().orElseThrow();
      assertThat(count.getDouble("value")).isEqualTo(1.0);
      assertThat(invocation.getJsonArray("availableTags").encode()).contains("\"status\"");
      assertThat(LoopbackHttp.get(rest, "/metrics").statusCode()).as("GET /metrics on the RPC port").isEqualTo(404);
    }
  }

  /**
   * {@code POST /actuator/axle/config} is off until the application grants the endpoint write access as Boot
   * grants any; granted, it changes the running configuration, which {@code /actuator/axle} and the health
   * details show by version, and it answers a change it cannot take with 400 and every problem.
   */
  @Test
  void theConfigWrite_isOffUntilGranted_thenChangesTheRunningConfiguration() throws Exception {
    String change = "{\"values\": \"axle.executors.default: inline\"}";
    ConfigurableApplicationContext readOnly = webApp();
    try {
      int web = Integer.parseInt(readOnly.getEnvironment().getProperty("local.server.port"));
      HttpResponse<String> refused = LoopbackHttp.postJson(web, "/actuator/axle/config", change);
      assertThat(refused.statusCode()).as("a write without access").isIn(404, 405);
      assertThat(json(web, "/actuator/axle").getJsonObject("config").getLong("version")).isEqualTo(1);
    } finally {
      readOnly.close();
    }

    ConfigurableApplicationContext context = webApp("--management.endpoint.axle.access=unrestricted");
    try {
      int web = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
      int rest = Apps.endpoint(context, "rest").port();
      HttpResponse<String> applied = LoopbackHttp.postJson(web, "/actuator/axle/config", change);
      assertThat(applied.statusCode()).as(applied.body()).isEqualTo(200);
      assertThat(new JsonObject(applied.body()).getLong("version")).isEqualTo(2);

      JsonObject axle = json(web, "/actuator/axle");
      JsonObject config = axle.getJsonObject("config");
      assertThat(config.getLong("version")).isEqualTo(2);
      assertThat(config.getString("source")).isEqualTo("actuator");
      assertThat(config.getJsonArray("changes").getList())
          .containsExactly("axle.executors.default: group (default) -> inline");
      assertThat(axle.getJsonArray("operations").getJsonObject(0).getString("executor")).isEqualTo("inline (event loop)");
      assertThat(json(web, "/actuator/health").getJsonObject("components").getJsonObject("axle")
          .getJsonObject("details").getJsonObject("config").getLong("version")).isEqualTo(2);

      HttpResponse<String> bad = LoopbackHttp.postJson(web, "/actuator/axle/config",
          "{\"values\": \"{\\\"axle.rest.address\\\": \\\"127.0.0.1:1\\\"}\"}");
      assertThat(bad.statusCode()).isEqualTo(400);
      assertThat(new JsonObject(bad.body()).getJsonArray("refused").getString(0)).startsWith("axle.rest.address: "
          + "127.0.0.1:1 (expected: ").contains("is read once at start; restart the service to change it) — from actuator");
      JsonObject after = json(web, "/actuator/axle").getJsonObject("config");
      assertThat(after.getLong("version")).as("the version after a refusal").isEqualTo(2);
      assertThat(after.getJsonObject("lastRefused").getString("source")).isEqualTo("actuator");
      assertThat(LoopbackHttp.postJson(rest, "/EchoService/echo", "{\"message\":\"still\"}").body())
          .isEqualTo("\"still\"");
    } finally {
      context.close();
    }
  }

  /**
   * In a Boot application, a watched file ({@code axle.config.file-watch.*}) changes the running configuration:
   * {@code /actuator/axle} shows the new version from the file's source, and a restart-only key written there is
   * refused, shown as the last refused change, and changes nothing.
   */
  @Test
  void aWatchedFile_changesTheRunningConfiguration_asActuatorShows(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path dir) throws Exception {
    java.nio.file.Path file = dir.resolve("microservice.yaml");
    java.nio.file.Files.writeString(file, "axle:\n  request:\n    timeout: 30s\n");
    ConfigurableApplicationContext context = webApp("--axle.config.file-watch.enabled=true",
        "--axle.config.file-watch.path=" + file, "--axle.config.file-watch.interval=50ms");
    try {
      int web = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
      assertThat(json(web, "/actuator/axle").getJsonObject("config").getLong("version")).isEqualTo(1);

      java.nio.file.Files.writeString(file, "axle:\n  request:\n    timeout: 30s\n  executors:\n    default: inline\n");
      JsonObject config = awaitConfig(web, c -> c.getLong("version") == 2);
      assertThat(config.getString("source")).contains(file.getFileName().toString());
      assertThat(config.getJsonArray("changes").getList()).containsExactly(
          "axle.executors.default: group (default) -> inline");

      java.nio.file.Files.writeString(file, "axle:\n  request:\n    timeout: 30s\n  executors:\n    default: inline\n"
          + "  rest:\n    address: 127.0.0.1:1\n");
      JsonObject refused = awaitConfig(web, c -> c.containsKey("lastRefused"));
      assertThat(refused.getLong("version")).as("the version after a refusal").isEqualTo(2);
      assertThat(refused.getJsonObject("lastRefused").getJsonArray("problems").getString(0))
          .startsWith("axle.rest.address: 127.0.0.1:1 (expected: ");
      assertThat(json(web, "/actuator/axle").getJsonArray("operations").getJsonObject(0).getString("executor"))
          .isEqualTo("inline (event loop)");
    } finally {
      context.close();
    }
  }

  /**
   * With {@code axle.config.environment-watch.enabled}, a property source of Spring's {@code Environment} whose values
   * change changes the running configuration; a restart-only key there is refused and shown; a key removed returns
   * to what the application started with.
   */
  @Test
  void aChangeInSpringsEnvironment_isWatched_whenAsked() throws Exception {
    ConfigurableApplicationContext context = webApp("--axle.config.environment-watch.enabled=true",
        "--axle.config.environment-watch.interval=50ms");
    try {
      int web = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
      Map<String, Object> ops = new java.util.concurrent.ConcurrentHashMap<>();
      context.getEnvironment().getPropertySources().addFirst(
          new org.springframework.core.env.MapPropertySource("ops", ops));

      ops.put("axle.executors.default", "inline");
      JsonObject config = awaitConfig(web, c -> c.getLong("version") == 2);
      assertThat(config.getString("source")).isEqualTo("environment");
      assertThat(config.getJsonArray("changes").getList()).containsExactly(
          "axle.executors.default: group (default) -> inline");

      ops.put("axle.rest.address", "127.0.0.1:1");
      JsonObject refused = awaitConfig(web, c -> c.containsKey("lastRefused"));
      assertThat(refused.getLong("version")).isEqualTo(2);
      assertThat(refused.getJsonObject("lastRefused").getString("source")).isEqualTo("environment");
      assertThat(refused.getJsonObject("lastRefused").getJsonArray("problems").getString(0))
          .startsWith("axle.rest.address: 127.0.0.1:1 (expected: ");

      ops.clear();
      JsonObject back = awaitConfig(web, c -> c.getLong("version") == 3);
      assertThat(back.getJsonArray("changes").getList()).containsExactly(
          "axle.executors.default: inline -> group (default)");
    } finally {
      context.close();
    }
  }

  /** {@code /actuator/axle}'s {@code config} once it satisfies {@code condition}, within 10 s. */
  private JsonObject awaitConfig(int web, java.util.function.Predicate<JsonObject> condition) throws Exception {
    long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
    while (true) {
      JsonObject config = json(web, "/actuator/axle").getJsonObject("config");
      if (condition.test(config)) {
        return config;
      }
      assertThat(System.nanoTime()).as("/actuator/axle's config within 10 s: %s", config).isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  private ConfigurableApplicationContext webApp(String... args) {
    String[] all = new String[args.length + 4];
    all[0] = "--server.port=0";
    // Axle stops before the web server; with the default graceful shutdown Tomcat would refuse the
    // health reads this test makes meanwhile.
    all[1] = "--server.shutdown=immediate";
    all[2] = "--management.endpoints.web.exposure.include=health,axle";
    all[3] = "--management.endpoint.health.show-details=always";
    // A repeated --key adds its values to the list (Spring joins them): a test may expose more endpoints.
    System.arraycopy(args, 0, all, 4, args.length);
    return new SpringApplicationBuilder(App.class).initializers(Apps.books(runtimes, "ActuatorTest")).web(WebApplicationType.SERVLET).bannerMode(Banner.Mode.OFF)
        .logStartupInfo(false).run(all);
  }

  private JsonObject json(int port, String path) throws Exception {
    HttpResponse<String> response = LoopbackHttp.get(port, path);
    assertThat(response.statusCode()).as(path).isEqualTo(200);
    return new JsonObject(response.body());
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(EchoProvider.class)
  static class App {
  }
}
