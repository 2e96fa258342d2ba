package io.axle.perf.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.metrics.AxleMetrics;
import io.axle.perf.PerfMain;
import io.axle.perf.SharedProducer;
import io.axle.perf.TestProducers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live dashboard of a real producer under load, in headless Chromium with no network but loopback: its
 * charts are drawn from the windows, and their lines move between two looks taken a moment apart. The perf
 * consumer's own ({@code --dashboard}) draws its windows and the producer's side by side, with the gap
 * between the two sides' latencies as a chart of its own.
 */
class DashboardInChromiumTest {
  @RegisterExtension
  static final SharedProducer shared = new SharedProducer(Map.of("axle.metrics.window_time", 250));
  private static final Pattern TPS_LINE = Pattern.compile(
      "<polyline[^>]*data-series=\"provider rest [^\"]*\"[^>]*points=\"([^\"]+)\"");

  private static final Pattern CONSUMER_URL = Pattern.compile("perf consumer dashboard: (http://\\S+)");

  @TempDir
  Path dir;

  @Test
  void theConsumersDashboard_drawsBothSides_andTheGapBetweenThem() throws Exception {
    Chromium chromium = Chromium.required();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    AtomicInteger status = new AtomicInteger(-1);
    Thread consumer = Thread.ofPlatform().daemon().start(() -> status.set(PerfMain.run(new String[] {"-c",
        "--warmup=0s", "--duration=8s", "--sync=false", "--async-count=4", "--axle.metrics.window_time=250",
        "--dashboard", TestProducers.registryArg(shared.get())}, print(out), print(err))));
    try {
      String url = null;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      while (url == null && System.nanoTime() < deadline) {
        Matcher printed = CONSUMER_URL.matcher(out.toString(StandardCharsets.UTF_8));
        url = printed.find() ? printed.group(1) : null;
        Thread.sleep(50);
      }
      assertThat(url).as("the consumer prints where its dashboard is; printed:%n%s%n%s", out, err)
          .matches("http://127\\.0\\.0\\.1:\\d+/axle/dashboard");
      Thread.sleep(1500);
      String first = chromium.dumpDom(url, 3000, dir.resolve("consumer-first"));
      Thread.sleep(1000);
      String second = chromium.dumpDom(url, 3000, dir.resolve("consumer-second"));

      assertThat(first).contains("data-series=\"consumer: consumer highway PerfService.echo\"")
          .contains("data-series=\"producer: provider highway PerfService.echo\"")
          .contains("<h2>Client versus server: average latency and the gap</h2>")
          .contains("data-series=\"gap highway PerfService.echo (consumer - provider)\"");
      // The running diagnosis above the charts: the summary's rules on the latest measured window.
      Matcher note = Pattern.compile("<div id=\"note\">([^<]*)</div>").matcher(second);
      assertThat(note.find()).as("a note element").isTrue();
      assertThat(note.group(1)).matches("\\[\\d+s\\] likely bottleneck: .*");
      Matcher statusLine = Pattern.compile("<div id=\"status\">([^<]*)</div>").matcher(first);
      assertThat(statusLine.find()).isTrue();
      assertThat(statusLine.group(1)).as("both sources in the status line")
          .matches("consumer: \\d+ windows; .* \\| producer: \\d+ windows; .*");
      Pattern gapLine = Pattern.compile("data-series=\"gap highway PerfService.echo[^\"]*\" points=\"([^\"]+)\"");
      Matcher before = gapLine.matcher(first);
      Matcher after = gapLine.matcher(second);
      assertThat(before.find() && after.find()).as("a gap line in both looks").isTrue();
      assertThat(after.group(1)).as("the gap line, a moment later").isNotEqualTo(before.group(1));
    } finally {
      consumer.join(30_000);
    }
    assertThat(status.get()).as("the consumer run's exit status; stderr:%n%s", err).isZero();
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }

  @Test
  void underLoad_theChartsAreDrawn_andTheirLinesMove() throws Exception {
    Chromium chromium = Chromium.required();
    int rest = shared.get().endpoint("rest").port();
    HttpClient http = HttpClient.newHttpClient();
    String page = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + rest + AxleMetrics.DASHBOARD_PATH))
        .build(), HttpResponse.BodyHandlers.ofString()).body();
    assertThat(page).as("the page loads nothing from elsewhere").doesNotContain("src=").doesNotContain("href=")
        .doesNotContain("http://").doesNotContain("https://");

    AtomicBoolean loading = new AtomicBoolean(true);
    Thread load = Thread.ofPlatform().daemon().start(() -> {
      HttpRequest call = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + rest + "/PerfService/echo"))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"message\":\"x\"}"))
          .build();
      while (loading.get()) {
        try {
          http.send(call, HttpResponse.BodyHandlers.discarding());
        } catch (Exception stopping) {
          return;
        }
      }
    });
    try {
      Thread.sleep(1500); // a few windows with calls in them
      // Where the producer says its dashboard is.
      String url = shared.get().dashboardLine().orElseThrow().substring("perf producer dashboard: ".length());
      assertThat(url).isEqualTo("http://127.0.0.1:" + rest + AxleMetrics.DASHBOARD_PATH);
      String first = chromium.dumpDom(url, 3000, dir.resolve("first"));
      Thread.sleep(1500);
      String second = chromium.dumpDom(url, 3000, dir.resolve("second"));

      assertThat(first).contains("<h2>Calls per second</h2>").contains("<h2>Latency percentiles</h2>")
          .contains("<h2>Per-stage time (average)</h2>").contains("<h2>Executor pools: active and queued</h2>")
          .contains("<h2>CPU</h2>").contains("<h2>Bandwidth</h2>");
      Matcher status = Pattern.compile("<div id=\"status\">([^<]*)</div>").matcher(first);
      assertThat(status.find()).isTrue();
      assertThat(status.group(1)).as("the page's status line").matches("\\d+ windows; last ended .*, \\d+ calls");
      Matcher before = TPS_LINE.matcher(first);
      Matcher after = TPS_LINE.matcher(second);
      assertThat(before.find()).as("a TPS line for the provider's REST calls in " + first).isTrue();
      assertThat(after.find()).as("a TPS line for the provider's REST calls, later").isTrue();
      assertThat(before.group(1).split(" ").length).as("points on the first line").isGreaterThan(2);
      assertThat(after.group(1)).as("the line, a moment later").isNotEqualTo(before.group(1));
    } finally {
      loading.set(false);
      load.join(10_000);
    }
  }
}
