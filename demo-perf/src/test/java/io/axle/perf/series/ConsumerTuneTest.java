package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.PerfBooks;
import io.axle.perf.PerfMain;
import io.axle.perf.PerfOutput;
import io.axle.perf.StopSignal;
import io.axle.perf.producer.Producer;
import io.vertx.core.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -c --tune} against a producer it did not start: a real producer with {@code control.address}, restarted
 * through it with each configuration's producer keys, and a tiny walk over it.
 */
@Tag("slow")
class ConsumerTuneTest {
  private static final Pattern CONTROL = Pattern.compile("perf producer control: (http://127\\.0\\.0\\.1:(\\d+)/perf/restart)");

  /** The producer (each one its control restarts) and the consumer, started in this JVM. */
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  private final ByteArrayOutputStream producerOut = new ByteArrayOutputStream();
  private StopSignal producerStop;
  private Thread producer;
  private int highway;
  private int rest;
  private String controlUrl;
  private int controlPort;

  @BeforeEach
  void startAProducerWithAControl() throws Exception {
    highway = freePort();
    rest = freePort();
    startProducer("127.0.0.1:" + highway, "127.0.0.1:" + rest);
  }

  private void startProducer(String highwayAddress, String restAddress) throws Exception {
    String[] args = {"--axle.highway.address=" + highwayAddress, "--axle.rest.address=" + restAddress,
        "--baseline.enabled=false", "--control.address=127.0.0.1:0", "--axle.metrics.window_time=500"};
    StopSignal stop = new StopSignal();
    producerStop = stop;
    PerfOutput output = new PerfOutput(print(producerOut), print(new ByteArrayOutputStream()));
    producer = new Thread(() -> {
      try {
        Producer.runUntilStopped(args, output, stop);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "test-producer");
    producer.start();
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    Matcher control = CONTROL.matcher("");
    while (!control.reset(producerOut.toString(StandardCharsets.UTF_8)).find()) {
      assertThat(System.nanoTime() < deadline).as("control line in %s", producerOut).isTrue();
      Thread.sleep(20);
    }
    controlUrl = control.group(1);
    controlPort = Integer.parseInt(control.group(2));
  }

  @AfterEach
  void stopIt() throws InterruptedException {
    producerStop.request();
    producer.join(30_000);
  }

  @Test
  void aTinyConsumerTune_restartsTheProducerWithTheConfigurationsProducerKeys(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("tune.json");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    int status = PerfMain.run(new String[] {"-c", "--tune", "--tune.control=127.0.0.1:" + controlPort,
        "--tune.budget=1s", "--tune.target-p999=1000ms", "--knee.start-rps=200", "--knee.max-steps=2",
        "--duration=1s", "--warmup=0s", "--axle.metrics.window_time=500", "--axle.executors.default=inline",
        "--axle.highway.server.thread-count=1", "--axle.highway.client.thread-count=1",
        "--axle.registry.local.perf1=highway://127.0.0.1:" + highway + ",rest://127.0.0.1:" + rest,
        "--json=" + json}, print(out), print(err));

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    // One restart before the first run, with every producer knob at the walk's starting value; the runs of the same
    // configuration then share it.
    // Sent to /perf/change (tune.live); a server thread count is read at start, so the producer restarts for it.
    String changeUrl = controlUrl.replace("/perf/restart", "/perf/change");
    assertThat(output).containsOnlyOnce("producer at " + changeUrl + ": perf producer ready: highway://127.0.0.1:"
        + highway);
    assertThat(output).containsPattern("tune walk took [0-9.]+ s; the producer took 0 configurations live and was "
        + "restarted for 1 \\(" + Pattern.quote(changeUrl) + "\\)");
    assertThat(output).contains("(executor: inline, on the event loop)", "tune walk (highway,", "microservice.yaml");
    assertThat(producerOut.toString(StandardCharsets.UTF_8)).contains("perf producer restarted with {")
        .contains("axle.executors.default=inline").contains("axle.highway.server.thread-count=1");
    assertThat(new JsonObject(Files.readString(json)).getJsonObject("tune").getJsonArray("steps")).isNotEmpty();
  }

  /**
   * A producer asked for any free port ({@code 127.0.0.1:0}, as {@code --loopback} starts its child) restarts on the
   * ports it bound, where its consumers already call.
   */
  @Test
  void aRestart_listensOnThePortsItBound_whenItWasAskedForAnyPort() throws Exception {
    stopIt();
    producerOut.reset();
    startProducer("127.0.0.1:0", "127.0.0.1:0");
    Matcher ready = Pattern.compile("perf producer ready: (highway://127\\.0\\.0\\.1:\\d+ rest://127\\.0\\.0\\.1:\\d+)")
        .matcher(producerOut.toString(StandardCharsets.UTF_8));
    assertThat(ready.find()).as("ready line in %s", producerOut).isTrue();

    HttpResponse<String> restarted = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(controlUrl))
        .POST(HttpRequest.BodyPublishers.ofString("axle.highway.server.thread-count=2\n")).build(),
        HttpResponse.BodyHandlers.ofString());

    assertThat(restarted.statusCode()).as(restarted.body()).isEqualTo(200);
    assertThat(restarted.body()).startsWith("perf producer ready: " + ready.group(1) + " (executor:");
  }

  @Test
  void aRestartWithABadValue_isRefusedWithTheReason_andTheProducerServesAsBefore() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    HttpResponse<String> bad = http.send(HttpRequest.newBuilder(URI.create(controlUrl))
        .POST(HttpRequest.BodyPublishers.ofString("axle.executors.default=bogus\n")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(bad.body()).contains("restart with {axle.executors.default=bogus} failed, serving as before:",
        "axle.executors.default: bogus");

    HttpResponse<String> notAProducerKey = http.send(HttpRequest.newBuilder(URI.create(controlUrl))
        .POST(HttpRequest.BodyPublishers.ofString("sync-count=5\n")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(notAProducerKey.statusCode()).isEqualTo(400);
    assertThat(notAProducerKey.body()).contains("key: sync-count (expected: a producer key: axle.*, servicecomb.*");

    // Still serving on its ports: a restart with a good value answers its new ready line.
    HttpResponse<String> good = http.send(HttpRequest.newBuilder(URI.create(controlUrl))
        .POST(HttpRequest.BodyPublishers.ofString("axle.executors.default=virtual\n")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(good.statusCode()).isEqualTo(200);
    assertThat(good.body()).startsWith("perf producer ready: highway://127.0.0.1:" + highway).contains("virtual");
  }

  /**
   * {@code POST /perf/change} applies live keys to the running producer (no restart: the same runtime, its
   * configuration version one up) and restarts it for a key read only at start.
   */
  @Test
  void aChangeOfLiveKeys_isAppliedToTheRunningProducer_andOneOfARestartKey_restartsIt() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    URI change = URI.create(controlUrl.replace("/perf/restart", "/perf/change"));
    HttpResponse<String> live = http.send(HttpRequest.newBuilder(change)
        .POST(HttpRequest.BodyPublishers.ofString("axle.executors.default=virtual\n")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(live.statusCode()).as(live.body()).isEqualTo(200);
    assertThat(live.body()).startsWith("perf producer ready: highway://127.0.0.1:" + highway)
        .contains("(executor: virtual threads)").contains("\nchanged live: config v2 (control, ");
    assertThat(producerOut.toString(StandardCharsets.UTF_8))
        .contains("perf producer changed live with {axle.executors.default=virtual}: config v2 (control, ")
        .doesNotContain("perf producer restarted with");

    HttpResponse<String> refused = http.send(HttpRequest.newBuilder(change)
        .POST(HttpRequest.BodyPublishers.ofString("axle.executors.default=bogus\n")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(refused.body()).contains("change with {axle.executors.default=bogus} refused, serving as before:",
        "axle.executors.default: bogus");

    HttpResponse<String> restart = http.send(HttpRequest.newBuilder(change)
        .POST(HttpRequest.BodyPublishers.ofString("axle.highway.server.thread-count=1\n")).build(),
        HttpResponse.BodyHandlers.ofString());
    assertThat(restart.statusCode()).as(restart.body()).isEqualTo(200);
    assertThat(restart.body()).doesNotContain("changed live");
    assertThat(producerOut.toString(StandardCharsets.UTF_8))
        .contains("perf producer restarted with {axle.highway.server.thread-count=1}");
  }

  private static int freePort() throws Exception {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
