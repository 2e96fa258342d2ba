package io.axle.perf.consumer;

import io.axle.perf.PerfService;
import io.axle.perf.baseline.Baseline;
import io.axle.perf.report.ProviderSummary;
import io.axle.perf.report.ProviderWindow;
import io.axle.perf.report.TextReport;
import io.axle.registry.Endpoint;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The provider's side of each measured window: its last closed window, fetched from the producer's
 * {@code GET /metrics/window} (served on its REST port) with the JDK's HTTP client, on the window clock's
 * thread — never an event loop of the runtime under test. The two sides' windows are not aligned (other
 * clock, other ticks): each consumer window is shown next to the provider's latest. A failed fetch never
 * fails the run: one warning, and no more fetching.
 */
final class ProviderMetrics implements AutoCloseable {
  /** Short: the fetch runs between two windows, and a slow answer is no answer. */
  static final Duration TIMEOUT = Duration.ofMillis(500);

  /**
   * For the first fetch, before the load: it loads the JDK's HTTP client (some hundreds of ms in a cold
   * JVM) and opens the connection, which later fetches then reuse.
   */
  static final Duration FIRST_TIMEOUT = Duration.ofSeconds(3);

  /**
   * Timeouts in a row before giving up: a producer saturated by the load may answer one window late,
   * which is no reason to lose the rest of the run's figures. Any other failure gives up at once.
   */
  static final int TIMEOUTS_TO_GIVE_UP = 3;

  static final String PATH = "/metrics/window";

  /** The operation the driver calls, as the metrics name it. */
  static final String OPERATION = PerfService.SCHEMA_ID + "." + ConsumerSettings.OPERATION;

  private final URI uri;
  private final String transport;
  private final PrintStream out;
  private final PrintStream err;
  private final HttpClient http;
  /** Distinct provider windows, by start time: one fetched twice counts once. */
  private final Map<Long, ProviderWindow> fetched = new LinkedHashMap<>();
  private boolean failed;
  private int timeoutsInARow;

  private ProviderMetrics(URI uri, String transport, PrintStream out, PrintStream err) {
    this.uri = uri;
    this.transport = transport;
    this.out = out;
    this.err = err;
    this.http = uri == null ? null
        : HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT).build();
  }

  /**
   * From the registry entries of {@code perf1}: the first {@code rest://host:port} one. Without one, a
   * line says the provider's figures are skipped, and {@link #afterWindow} does nothing.
   */
  static ProviderMetrics from(List<String> registered, String transport, PrintStream out, PrintStream err) {
    if (Baseline.isBaseline(transport)) {
      out.println("provider figures: none (the raw baseline echo keeps no metrics)");
      return new ProviderMetrics(null, transport, out, err);
    }
    for (String entry : registered == null ? List.<String>of() : registered) {
      if (entry.trim().startsWith("rest://")) {
        try {
          Endpoint rest = Endpoint.parse(entry);
          // Endpoint keeps an IPv6 host in brackets, as a URI needs it.
          return new ProviderMetrics(URI.create("http://" + rest.host() + ":" + rest.port() + PATH), transport, out,
              err);
        } catch (IllegalArgumentException e) {
          break; // reported below like a missing entry; the runtime reports a bad entry its own way
        }
      }
    }
    out.println("provider figures: skipped (no rest://host:port entry for " + PerfService.SERVICE_NAME
        + " to fetch " + PATH + " from)");
    return new ProviderMetrics(null, transport, out, err);
  }

  /** Where the provider's window is fetched from; null when it is not. */
  URI uri() {
    return uri;
  }

  /**
   * Before the load: one fetch with a longer timeout, its answer unused, so that the first measured
   * window does not pay for loading the HTTP client. A failure here gives up as any other.
   */
  void prepare() {
    if (uri != null) {
      fetch(FIRST_TIMEOUT);
    }
  }

  /**
   * Prints the provider's line under the consumer window line just printed, whose average was
   * {@code consumerAvgMs}; returns the provider's row it printed, or null when there was none.
   */
  ProviderWindow afterWindow(double consumerAvgMs, long consumerRequests) {
    if (uri == null || failed) {
      return null;
    }
    JsonObject window = fetch(TIMEOUT);
    if (window == null) {
      if (!failed) {
        out.println(TextReport.providerNote("no answer within " + TIMEOUT.toMillis() + " ms"));
      }
      return null;
    }
    if (!window.containsKey("operations")) {
      out.println(TextReport.providerNote("no window yet"));
      return null;
    }
    ProviderWindow row;
    try {
      row = row(window);
    } catch (RuntimeException e) { // not the shape docs/metrics.md shows
      fail(e);
      return null;
    }
    if (row == null) {
      out.println(TextReport.providerNote("no " + OPERATION + " over " + transport + " in its latest window"));
      return null;
    }
    fetched.putIfAbsent(row.startEpochMillis(), row);
    // Without consumer requests there is no consumer average to subtract from.
    out.println(TextReport.providerLine(row, consumerRequests > 0 ? consumerAvgMs : row.avgMs()));
    return row;
  }

  /** The answer; null on a timeout or a failure (which {@link #fail}s). */
  private JsonObject fetch(Duration timeout) {
    try {
      HttpResponse<String> response = http.send(HttpRequest.newBuilder(uri).timeout(timeout).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("HTTP " + response.statusCode());
      }
      JsonObject window = new JsonObject(response.body());
      timeoutsInARow = 0;
      return window;
    } catch (HttpTimeoutException e) {
      if (++timeoutsInARow >= TIMEOUTS_TO_GIVE_UP) {
        fail(new HttpTimeoutException(TIMEOUTS_TO_GIVE_UP + " timeouts in a row, of " + timeout.toMillis() + " ms"));
      }
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      fail(e);
      return null;
    } catch (Exception e) {
      fail(e);
      return null;
    }
  }

  /** The provider's figures over the distinct windows fetched; null when none. */
  ProviderSummary summary() {
    return ProviderSummary.of(fetched.values());
  }

  /** The provider row of {@code window} for our transport and operation, status OK; null when absent. */
  private ProviderWindow row(JsonObject window) {
    JsonArray operations = window.getJsonArray("operations");
    for (int i = 0; i < operations.size(); i++) {
      JsonObject op = operations.getJsonObject(i);
      if ("provider".equals(op.getString("role")) && transport.equals(op.getString("transport"))
          && OPERATION.equals(op.getString("operation")) && "OK".equals(op.getString("status"))) {
        JsonObject latency = op.getJsonObject("latency_ms");
        JsonObject stages = op.getJsonObject("stages_us", new JsonObject());
        JsonObject queue = stages.getJsonObject("queue");
        JsonObject execute = stages.getJsonObject("execute");
        return new ProviderWindow(window.getLong("start"), number(window, "duration_ms"), op.getLong("count"),
            number(op, "tps"), number(latency, "avg"), number(latency, "p99"), number(queue, "avg"),
            queue == null ? 0 : queue.getLong("count", 0L), number(execute, "avg"),
            execute == null ? 0 : execute.getLong("count", 0L));
      }
    }
    return null;
  }

  /** NaN for a missing or null figure. */
  private static double number(JsonObject json, String key) {
    Number value = json == null ? null : json.getNumber(key);
    return value == null ? Double.NaN : value.doubleValue();
  }

  private void fail(Exception e) {
    failed = true;
    err.println("provider figures: GET " + uri + " failed (" + ErrorLog.describe(e)
        + "); not fetching them again, the run goes on");
  }

  @Override
  public void close() {
    if (http != null) {
      http.close();
    }
  }
}
