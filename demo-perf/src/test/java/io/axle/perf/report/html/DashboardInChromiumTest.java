package io.axle.perf.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.metrics.AxleMetrics;
import io.axle.perf.SharedProducer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live dashboard of a real producer under load, in headless Chromium with no network but loopback: its
 * charts are drawn from the windows, and their lines move between two looks taken a moment apart.
 */
class DashboardInChromiumTest {
  @RegisterExtension
  static final SharedProducer shared = new SharedProducer(Map.of("axle.metrics.window_time", 250));
  private static final Pattern TPS_LINE = Pattern.compile(
      "<polyline[^>]*data-series=\"provider rest [^\"]*\"[^>]*points=\"([^\"]+)\"");

  @TempDir
  Path dir;

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
