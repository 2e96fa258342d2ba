package io.axle.perf.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.metrics.AxleMetrics;
import io.axle.perf.PerfBooks;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live dashboard of a real producer under load, in headless Chromium with no network but loopback: its
 * charts are drawn from the windows, and their lines move between two looks taken a moment apart. The perf
 * consumer's own ({@code --dashboard}) draws its windows and the producer's side by side, with the gap
 * between the two sides' latencies as a chart of its own. After a warm-up's spike the charts' scale follows the
 * recent windows, and each side's stages have a panel of their own; a screenshot of that page is kept in
 * {@code target/dashboard/} (never in git) for a person to look at.
 */
@Tag("slow")
class DashboardInChromiumTest {
  /** The shared producer's windows, in ms. */
  private static final int WINDOW_MS = 250;
  @RegisterExtension
  static final SharedProducer shared = new SharedProducer(Map.of("axle.metrics.window_time", WINDOW_MS));
  @RegisterExtension
  final PerfBooks books = new PerfBooks();
  private static final Pattern TPS_LINE = Pattern.compile(
      "<polyline[^>]*data-series=\"provider rest [^\"]*\"[^>]*points=\"([^\"]+)\"");

  private static final Pattern CONSUMER_URL = Pattern.compile("perf consumer dashboard: (http://\\S+)");
  private static final Path SCREENSHOTS = Path.of("target", "dashboard");
  /** The page's RECENT: the windows that set a chart's y scale. */
  private static final int RECENT_WINDOWS = 20;
  /** The top and bottom of the page's plot areas, in its SVGs' viewBox units. */
  private static final double PLOT_TOP = 10;
  private static final double PLOT_BOTTOM = 200;
  /** A warm-up spike: calls that sleep this long, a cold start's slowest first calls and more. */
  private static final int SPIKE_MS = 1000;

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
      // Each side's stages in a panel of their own, rather than both sides' in one.
      assertThat(card(first, "stages-consumer")).contains("<h2>Per-stage time (average), consumer side</h2>");
      assertThat(card(first, "stages-provider")).contains("<h2>Per-stage time (average), provider side</h2>");
      assertThat(seriesIn(card(first, "stages-consumer"))).isNotEmpty().allMatch(name -> name.startsWith("consumer: "));
      assertThat(seriesIn(card(first, "stages-provider"))).isNotEmpty().allMatch(name -> name.startsWith("producer: "));
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

    try (EchoLoad ignored = new EchoLoad(http, rest)) {
      Thread.sleep(1500); // a few windows with calls in them
      // Where the producer says its dashboard is.
      String url = shared.get().dashboardLine().orElseThrow().substring("perf producer dashboard: ".length());
      assertThat(url).isEqualTo("http://127.0.0.1:" + rest + AxleMetrics.DASHBOARD_PATH);
      String first = chromium.dumpDom(url, 3000, dir.resolve("first"));
      Thread.sleep(1500);
      String second = chromium.dumpDom(url, 3000, dir.resolve("second"));

      assertThat(first).contains("<h2>Calls per second</h2>").contains("<h2>Latency percentiles</h2>")
          .contains("<h2>Per-stage time (average), provider side</h2>")
          .contains("<h2>Executor pools: active and queued</h2>")
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
    }
  }

  /** A configuration change shows on every chart as a dashed line at the window it landed in, named by version. */
  @Test
  void aConfigurationChange_isMarkedOnTheCharts() throws Exception {
    Chromium chromium = Chromium.required();
    int rest = shared.get().endpoint("rest").port();
    HttpClient http = HttpClient.newHttpClient();
    try (EchoLoad ignored = new EchoLoad(http, rest)) {
      // A consumer key: it changes nothing the producer does, and makes a version all the same.
      long version = shared.get().axle().reconfigure("dashboard test",
          java.util.Map.of("axle.request.timeout", System.nanoTime() % 2 == 0 ? "31s" : "32s")).number();
      Thread.sleep(2500); // the window it landed in closes
      String dom = chromium.dumpDom("http://127.0.0.1:" + rest + AxleMetrics.DASHBOARD_PATH, 3000,
          dir.resolve("config-change"));
      assertThat(card(dom, "tps")).contains("class=\"config-change\" data-version=\"" + version + "\"")
          .contains("(dashboard test): axle.request.timeout: ");
      assertThat(card(dom, "latency")).contains("class=\"config-change\" data-version=\"" + version + "\"");
    }
  }

  @Test
  void afterAWarmUpSpike_theScaleFollowsTheRecentWindows_andEachSideHasItsStagePanel() throws Exception {
    Chromium chromium = Chromium.required();
    int rest = shared.get().endpoint("rest").port();
    HttpClient http = HttpClient.newHttpClient();
    // The spike: a few calls a second long, then only the steady state's echo calls, for more than the windows that
    // set the scale, so the spike is on the page but older than them.
    HttpRequest slow = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + rest + "/PerfService/sleepEcho"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"message\":\"x\",\"delayMs\":" + SPIKE_MS + "}")).build();
    List<CompletableFuture<HttpResponse<Void>>> spike = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      spike.add(http.sendAsync(slow, HttpResponse.BodyHandlers.discarding()));
    }
    for (CompletableFuture<HttpResponse<Void>> call : spike) {
      assertThat(call.get(30, TimeUnit.SECONDS).statusCode()).as("a slow call's status").isEqualTo(200);
    }
    String url = "http://127.0.0.1:" + rest + AxleMetrics.DASHBOARD_PATH;
    String dom;
    try (EchoLoad ignored = new EchoLoad(http, rest)) {
      Thread.sleep((RECENT_WINDOWS + 6) * WINDOW_MS);
      Files.createDirectories(SCREENSHOTS);
      Path png = SCREENSHOTS.resolve("after-warm-up-spike.png");
      chromium.screenshot(url, 3000, png, 1200, 2000, dir.resolve("screenshot"));
      assertThat(ImageIO.read(png.toFile()).getWidth()).as("the screenshot %s", png).isEqualTo(1200);
      dom = chromium.dumpDom(url, 3000, dir.resolve("spike"));
    }

    String latency = card(dom, "latency");
    assertThat(number(latency, "data-peak")).as("the spike, on the page").isGreaterThanOrEqualTo(SPIKE_MS * 0.9);
    assertThat(number(latency, "data-scale-max")).as("the latency scale's top, set by the recent windows")
        .isLessThan(SPIKE_MS / 3.0);
    assertThat(latency).as("what the scale leaves out is said").contains("class=\"clipped\"").contains("older peak");
    // The steady state's lines fill the chart: their highest recent point in its upper half, not at the bottom.
    double highest = PLOT_BOTTOM;
    Matcher echo = Pattern.compile("data-series=\"provider rest PerfService\\.echo p\\d+\" points=\"([^\"]+)\"")
        .matcher(latency);
    while (echo.find()) {
      String[] points = echo.group(1).split(" ");
      for (int i = Math.max(0, points.length - RECENT_WINDOWS); i < points.length; i++) {
        highest = Math.min(highest, Double.parseDouble(points[i].split(",")[1]));
      }
    }
    assertThat(highest).as("the echo's recent latency points' highest y, in %s", latency)
        .isLessThan((PLOT_TOP + PLOT_BOTTOM) / 2);

    String stages = card(dom, "stages-provider");
    assertThat(stages).contains("<h2>Per-stage time (average), provider side</h2>");
    assertThat(number(stages, "data-scale-max")).as("the stages' scale top, in µs")
        .isLessThan(number(stages, "data-peak") / 3);
    assertThat(seriesIn(stages)).contains("rest PerfService.echo execute", "rest PerfService.sleepEcho execute");
    assertThat(dom).as("no panel for a side that made no calls").doesNotContain("id=\"card-stages-consumer\"");
  }

  /** A chart's card in the page's DOM: its heading and its SVG, up to its legend. */
  private static String card(String dom, String id) {
    int start = dom.indexOf("id=\"card-" + id + "\"");
    assertThat(start).as("a card-%s in %s", id, dom).isNotNegative();
    return dom.substring(start, dom.indexOf("class=\"legend\"", start));
  }

  private static List<String> seriesIn(String card) {
    List<String> names = new ArrayList<>();
    Matcher series = Pattern.compile("data-series=\"([^\"]+)\"").matcher(card);
    while (series.find()) {
      names.add(series.group(1));
    }
    return names;
  }

  private static double number(String card, String attribute) {
    Matcher value = Pattern.compile(attribute + "=\"([^\"]+)\"").matcher(card);
    assertThat(value.find()).as("%s in %s", attribute, card).isTrue();
    return Double.parseDouble(value.group(1));
  }

  /** Echo calls over REST, one after another, until closed. */
  private static final class EchoLoad implements AutoCloseable {
    private final AtomicBoolean loading = new AtomicBoolean(true);
    private final Thread thread;

    EchoLoad(HttpClient http, int restPort) {
      HttpRequest call = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + restPort + "/PerfService/echo"))
          .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"message\":\"x\"}"))
          .build();
      thread = Thread.ofPlatform().daemon().start(() -> {
        while (loading.get()) {
          try {
            http.send(call, HttpResponse.BodyHandlers.discarding());
          } catch (Exception stopping) {
            return;
          }
        }
      });
    }

    @Override
    public void close() throws InterruptedException {
      loading.set(false);
      thread.join(10_000);
    }
  }
}
