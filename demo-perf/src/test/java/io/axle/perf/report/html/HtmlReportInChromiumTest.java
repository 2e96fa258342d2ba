package io.axle.perf.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.PerfBooks;
import io.axle.perf.PerfMain;
import io.axle.perf.TestProducers;
import io.axle.perf.producer.Producer;
import io.axle.perf.report.RunResult;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The report as a browser shows it: headless Chromium renders the page into a PNG (kept in
 * {@code target/html-report/}, never in git), and every chart's plot area in it must hold its lines'
 * colours, not just background. Skipped without chromium, except on CI (see {@link Chromium}).
 */
@Tag("slow")
class HtmlReportInChromiumTest {
  private static final Path DIR = Path.of("target", "html-report");
  private static final int WIDTH = 1200;
  private static final int HEIGHT = 2600;
  /** Well under one line's length, well over a few stray anti-aliased pixels. */
  private static final int MIN_LINE_PIXELS = 30;
  @RegisterExtension
  final PerfBooks books = new PerfBooks();

  @Test
  void aRealRunsReport_drawsItsCharts() throws Exception {
    Chromium chromium = Chromium.required();
    Files.createDirectories(DIR);
    Path html = DIR.resolve("single-run.html");
    Files.deleteIfExists(html);
    Producer producer = TestProducers.start(Map.of());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try {
      status = PerfMain.run(new String[] {"-c", "--sync-count=4", "--duration=2s", "--warmup=0s",
          "--axle.metrics.window_time=500", "--report=" + html, TestProducers.registryArg(producer)},
          print(out), print(err));
    } finally {
      producer.close();
    }

    String output = out.toString(StandardCharsets.UTF_8);
    assertThat(status).as("exit status; stdout:%n%s%nstderr:%n%s", output, err).isZero();
    assertThat(output).contains("perf summary").contains("report: " + html.toAbsolutePath());
    ReportPage page = ReportPage.parse(Files.readString(html));
    assertThat(page.charts()).containsOnlyKeys("tps-over-time-chart", "p99-over-time-chart", "cpu-over-time-chart",
        "latency-curves-chart");
    assertThat(page.pointCounts("tps-over-time-chart")).containsExactly(4); // 500 ms windows over 2 s
    // The consumer's CPU only: the producer runs in this JVM, not as a child whose clock could be read.
    assertThat(page.pointCounts("cpu-over-time-chart")).containsExactly(4);
    assertThat(page.tableRows()).hasSize(1);

    assertChartsDrew(chromium, html, page);
  }

  @Test
  void aSweepsReport_drawsTheSweepChartsToo() throws Exception {
    Chromium chromium = Chromium.required();
    Files.createDirectories(DIR);
    Path html = DIR.resolve("sweep.html");
    List<RunResult> runs = new ArrayList<>();
    List<String> values = List.of("1", "10", "50", "100");
    for (int i = 0; i < values.size(); i++) {
      runs.add(RecordedRuns.run(Integer.parseInt(values.get(i)), 5, i));
    }
    HtmlReport.write(html, "sync-count sweep (recorded)", runs, new SweepAxis("sync-count", values));

    ReportPage page = ReportPage.parse(Files.readString(html));
    assertThat(page.charts()).containsOnlyKeys("tps-over-time-chart", "p99-over-time-chart", "sweep-tps-chart",
        "sweep-latency-chart", "latency-curves-chart");

    assertChartsDrew(chromium, html, page);
  }

  @Test
  void aTuneWalksReport_drawsTheWalkThePairsAndACpuPanelPerSide() throws Exception {
    Chromium chromium = Chromium.required();
    Files.createDirectories(DIR);
    Path html = DIR.resolve("tune.html");
    HtmlReport.write(html, "perf tune (recorded)", RecordedRuns.walk(), RecordedRuns.WALK_STEPS, List.of(),
        RecordedRuns.confirmation());

    ReportPage page = ReportPage.parse(Files.readString(html));
    assertThat(page.charts()).containsKeys("cpu-consumer-over-time-chart", "cpu-producer-over-time-chart",
        "sweep-tps-chart", "pairs-tps-chart", "pairs-p99-chart");

    assertChartsDrew(chromium, html, page);
  }

  private static void assertChartsDrew(Chromium chromium, Path html, ReportPage page) throws Exception {
    String name = html.getFileName().toString().replace(".html", "");
    Path png = DIR.resolve(name + ".png");
    chromium.screenshot(html, png, WIDTH, HEIGHT, DIR.resolve(name + "-chromium"));
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(WIDTH);

    List<Rectangle> plots = PlotAreas.find(image);
    List<Map.Entry<String, List<String>>> charts = List.copyOf(page.charts().entrySet());
    assertThat(plots).as("plot areas found in %s, one per chart of %s", png, page.charts().keySet())
        .hasSize(charts.size());
    for (int i = 0; i < charts.size(); i++) {
      Rectangle plot = plots.get(i);
      String chart = charts.get(i).getKey();
      assertThat(charts.get(i).getValue()).as("lines of %s", chart).isNotEmpty();
      assertThat(PlotAreas.count(image, plot, LineChart.PLOT_BACKGROUND, 2))
          .as("background of %s at %s in %s", chart, plot, png).isPositive();
      for (String colour : charts.get(i).getValue()) {
        assertThat(PlotAreas.count(image, plot, colour, 24))
            .as("pixels of the %s line of %s at %s in %s", colour, chart, plot, png)
            .isGreaterThanOrEqualTo(MIN_LINE_PIXELS);
      }
      // Tick labels: dark text just left of the plot.
      Rectangle labels = new Rectangle(plot.x - 50, plot.y, 45, plot.height);
      assertThat(PlotAreas.count(image, labels, "#333333", 60)).as("y tick labels of %s in %s", chart, png)
          .isPositive();
    }
  }

  private static PrintStream print(ByteArrayOutputStream bytes) {
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
