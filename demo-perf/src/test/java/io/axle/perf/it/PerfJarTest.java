package io.axle.perf.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.vertx.core.json.JsonObject;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged perf.jar, run the way the README runs it: separate JVMs for producer and consumer. The build
 * makes the executable Spring Boot jar, its dependencies nested, before the tests run (demo-perf's pom.xml).
 * No runtime runs in this JVM, so there are no books to keep ({@link io.axle.perf.PerfBooks} is for this JVM's).
 */
@Tag("slow")
class PerfJarTest {
  private static final Pattern READY =
      Pattern.compile("perf producer ready: highway://127\\.0\\.0\\.1:(\\d+) rest://127\\.0\\.0\\.1:(\\d+) .*");
  private static final Duration START_WAIT = Duration.ofSeconds(30);
  private static final Duration RUN_WAIT = Duration.ofSeconds(60);
  private static final Duration STOP_WAIT = Duration.ofSeconds(15);

  private static Path jar;

  @BeforeAll
  static void findJar() {
    jar = JavaProcess.perfJar();
  }

  @Test
  void jarIsABootJarThatKeepsEveryModulesServiceFiles() throws Exception {
    try (JarFile jarFile = new JarFile(jar.toFile())) {
      assertThat(jarFile.getManifest().getMainAttributes().getValue("Main-Class"))
          .isEqualTo("org.springframework.boot.loader.launch.JarLauncher");
      // PerfLauncher, compiled for Java 17, runs PerfMain (ReadmeCommandsWithJava17Test has the older java's side).
      assertThat(jarFile.getManifest().getMainAttributes().getValue("Start-Class"))
          .isEqualTo("io.axle.perf.PerfLauncher");
      assertThat(jarFile.getManifest().getMainAttributes().getValue("Enable-Native-Access")).isEqualTo("ALL-UNNAMED");
      // Core and the load tool both declare keys, both transports register a factory: each module's jar is
      // nested whole, so no service file replaces another.
      JarEntry load = jarFile.stream().filter(e -> e.getName().startsWith("BOOT-INF/lib/axle-load-")).findFirst()
          .orElseThrow(() -> new AssertionError("no BOOT-INF/lib/axle-load-*.jar in " + jar));
      assertThat(nestedEntry(jarFile, load, "META-INF/services/io.axle.config.ConfigKeyProvider"))
          .contains("io.axle.perf.PerfKeys");
      assertThat(jarFile.stream().map(JarEntry::getName).filter(name -> name.startsWith("BOOT-INF/lib/axle-")))
          .anySatisfy(name -> assertThat(name).startsWith("BOOT-INF/lib/axle-core-"))
          .anySatisfy(name -> assertThat(name).startsWith("BOOT-INF/lib/axle-transport-highway-"))
          .anySatisfy(name -> assertThat(name).startsWith("BOOT-INF/lib/axle-transport-rest-"))
          .anySatisfy(name -> assertThat(name).startsWith("BOOT-INF/lib/axle-spring-boot-starter-"));
      assertThat(entry(jarFile, "BOOT-INF/classes/microservice.yaml"))
          .contains("perf1: [highway://127.0.0.1:7070, rest://127.0.0.1:8080, baseline://127.0.0.1:7071");
    }
  }

  /**
   * A bad or unknown axle key: exit status 2 and the problem alone, as without Spring — no banner, no
   * stack trace, no report of the failed context.
   */
  @Test
  void badAxleKeys_exitWith2AndTheProblemOnly() throws Exception {
    try (JavaProcess producer = JavaProcess.startJar(jar, "--axle.highway.max-frame-size=70000000")) {
      assertThat(producer.awaitExit(RUN_WAIT)).as("exit; output:%n%s", producer.output()).contains(2);
      assertThat(producer.output().lines()).containsExactly("Invalid configuration:",
          "  axle.highway.max-frame-size: 70000000 (expected: an integer in [1024, 67108864]) — from commandLineArgs");
    }
    try (JavaProcess consumer = JavaProcess.startJar(jar, "-c", "--axle.servce.name=x")) {
      assertThat(consumer.awaitExit(RUN_WAIT)).as("exit; output:%n%s", consumer.output()).contains(2);
      assertThat(consumer.output().lines()).containsExactly("Invalid configuration:",
          "  axle.servce.name: unknown key (expected: a known key; did you mean axle.service.name?) — from commandLineArgs");
    }
  }

  /** The text of {@code name} inside the jar nested at {@code nested}. */
  private static String nestedEntry(JarFile jarFile, JarEntry nested, String name) throws IOException {
    try (java.util.jar.JarInputStream in = new java.util.jar.JarInputStream(jarFile.getInputStream(nested))) {
      for (JarEntry e = in.getNextJarEntry(); e != null; e = in.getNextJarEntry()) {
        if (e.getName().equals(name)) {
          return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
      }
    }
    throw new AssertionError(name + " not in " + nested.getName());
  }

  private static String entry(JarFile jarFile, String name) throws IOException {
    JarEntry entry = jarFile.getJarEntry(name);
    assertThat(entry).as(name).isNotNull();
    try (InputStream in = jarFile.getInputStream(entry)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void consumerDrivesASeparateProducer_syncAndAsync_thenTheProducerStopsOnSigterm(@TempDir Path dir) throws Exception {
    try (JavaProcess producer = JavaProcess.startJar(jar, "--axle.highway.address=127.0.0.1:0",
        "--axle.rest.address=127.0.0.1:0", "--baseline.address=127.0.0.1:0", "--baseline.rest-address=127.0.0.1:0")) {
      Optional<String> ready = producer.awaitLine(READY.asMatchPredicate(), START_WAIT);
      assertThat(ready).as("ready line; output:%n%s", producer.output()).isPresent();
      Matcher matcher = READY.matcher(ready.orElseThrow());
      assertThat(matcher.matches()).isTrue();
      int port = Integer.parseInt(matcher.group(1));
      int restPort = Integer.parseInt(matcher.group(2));
      assertThat(port).isPositive();
      assertThat(restPort).isPositive().isNotEqualTo(port);
      String registry = "--axle.registry.local.perf1=highway://127.0.0.1:" + port + ",rest://127.0.0.1:" + restPort;

      // Highway, the default, in both modes; then once over REST, switched by configuration alone.
      for (String run : new String[] {"highway sync", "highway async", "rest async"}) {
        String transport = run.split(" ")[0];
        String mode = run.split(" ")[1];
        Path json = dir.resolve(transport + "-" + mode + ".json");
        try (JavaProcess consumer = JavaProcess.startJar(jar, "-c", "--sync=" + mode.equals("sync"),
            "--duration=2s", "--warmup=0s", "--json=" + json, "--axle.references.transport=" + transport, registry)) {
          Optional<Integer> status = consumer.awaitExit(RUN_WAIT);
          assertThat(status).as("%s consumer exit; output:%n%s", run, consumer.output()).contains(0);
          assertThat(consumer.output()).contains("perf summary")
              .contains("driving perf1 at " + transport + "://127.0.0.1:" + (transport.equals("rest") ? restPort : port)
                  + " over " + transport)
              // The producer's own figures, from its GET /metrics/window on the REST port.
              .contains("         provider: tps=").contains("  provider    : avg=").contains("  gap avg     : ");
        }
        JsonObject result = new JsonObject(Files.readString(json));
        assertThat(result.getString("transport")).isEqualTo(transport);
        assertThat(result.getString("mode")).isEqualTo(mode);
        assertThat(result.getLong("requests")).as("%s requests", run).isPositive();
        assertThat(result.getLong("errors")).as("%s errors", run).isZero();
        assertThat(result.getJsonObject("provider").getInteger("windows")).as("%s provider windows", run).isPositive();
        assertThat(result.getDouble("gap_avg_ms")).as("%s gap", run).isNotNull();
      }

      // The REST side as a user meets it, without Axle on the client: the curl commands of docs/rest.md.
      HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
      HttpResponse<String> echo = http.send(HttpRequest.newBuilder(
              URI.create("http://127.0.0.1:" + restPort + "/PerfService/echo"))
          .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"message\":\"hi\"}"))
          .build(), HttpResponse.BodyHandlers.ofString());
      assertThat(echo.statusCode()).isEqualTo(200);
      assertThat(echo.body()).isEqualTo("\"hi\"");
      HttpResponse<String> openApi = http.send(HttpRequest.newBuilder(
          URI.create("http://127.0.0.1:" + restPort + "/openapi.json")).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(openApi.statusCode()).isEqualTo(200);
      assertThat(new JsonObject(openApi.body()).getJsonObject("paths").fieldNames())
          .containsExactlyInAnyOrder("/PerfService/echo", "/PerfService/echoOrder", "/PerfService/sleepEcho");

      long stopStart = System.nanoTime();
      producer.terminate();
      Optional<Integer> exit = producer.awaitExit(STOP_WAIT);
      assertThat(exit).as("producer exit within %s; output:%n%s", STOP_WAIT, producer.output()).isPresent();
      assertThat(Duration.ofNanos(System.nanoTime() - stopStart)).isLessThan(STOP_WAIT);
      // The graceful path ran: the runtime logged its stop before the JVM went.
      assertThat(producer.output()).contains("Axle service 'perf1' stopped");
    }
  }

  /**
   * A loopback run, with the producer registered in the demo's ZooKeeper and a live change written to its
   * service's configuration node mid-run (docs/live-configuration.md): the producer says it runs it, the consumer
   * prints when it did, and no call fails.
   */
  @Test
  void loopbackRunsProducerAndConsumer_takesALiveChangeMidRun_andExitsWithTheConsumersStatus() throws Exception {
    int port = freePort();
    try (JavaProcess loopback = JavaProcess.startJar(jar, "--loopback", "--duration=2s", "--warmup=0s",
        "--axle.highway.address=127.0.0.1:" + port, "--loopback.zookeeper=true", "--loopback.change-after=2s",
        "--loopback.change=axle.executors.default=inline")) {
      Optional<Integer> status = loopback.awaitExit(RUN_WAIT);

      assertThat(status).as("exit; output:%n%s", loopback.output()).contains(0);
      assertThat(loopback.output())
          .contains("loopback: wrote {axle.executors.default=inline} to ZooKeeper /axle/config/perf1 at ")
          .containsPattern(Pattern.quote("[producer] ") + ".*configuration v2 \\(zookeeper /axle/config/perf1, "
              + "[0-9a-f]{12}\\) in force: axle.executors.default: group \\(default\\) -> inline")
          .containsPattern("loopback: change in force \\(from the write to the producer running it\\): "
              + "producer-1 \\d+ ms")
          .contains("errors      : 0");
      assertThat(loopback.output())
          .contains("[producer] perf producer ready: highway://127.0.0.1:" + port + " rest://127.0.0.1:")
          .contains("perf summary")
          .contains("  provider    : avg=")
          .contains("[producer] ").contains("Axle service 'perf1' stopped");
      // The producer is this process's child: its CPU per request is known, as the consumer's is.
      Matcher cpu = Pattern.compile("  cpu/request : consumer (\\d+\\.\\d) \\S+, producer (\\d+\\.\\d) \\S+ "
          + "\\(process CPU over the measured ").matcher(loopback.output());
      assertThat(cpu.find()).as("cpu line; output:%n%s", loopback.output()).isTrue();
      assertThat(Double.parseDouble(cpu.group(1))).as("consumer µs/request").isPositive();
      assertThat(Double.parseDouble(cpu.group(2))).as("producer µs/request").isPositive();
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
