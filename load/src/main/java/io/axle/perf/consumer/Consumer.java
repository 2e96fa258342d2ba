package io.axle.perf.consumer;

import io.axle.perf.PerfService;
import io.axle.perf.PerfServiceAsync;
import io.axle.perf.payload.Order;
import io.axle.perf.payload.Payloads;
import io.axle.perf.StopSignal;
import io.axle.perf.report.ConsumerWindow;
import io.axle.perf.report.CpuPerRequest;
import io.axle.perf.report.Diagnosis;
import io.axle.perf.report.JsonReport;
import io.axle.perf.report.Latency;
import io.axle.perf.report.LatencyCurve;
import io.axle.perf.report.LongTailResult;
import io.axle.perf.report.OpenLoopResult;
import io.axle.perf.report.RunResult;
import io.axle.perf.report.TextReport;
import io.axle.perf.report.WindowStats;
import io.axle.perf.report.html.HtmlReport;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One consumer run: wait for {@code perf1}, drive load through the warm-up and the measurement, then
 * report. The runtime and its references are the starter's, started with the application context; this
 * only calls them. Returns an exit status rather than exiting, so tests can run it in-process.
 */
public final class Consumer {

  /** Longest wait for calls in flight at the end; past it they are abandoned, which stopping reports. */
  private static final Duration DRAIN_GRACE = Duration.ofSeconds(10);

  private final ConsumerSettings settings;
  private final ConsumerTarget target;
  private final PerfService service;
  private final PerfServiceAsync asyncService;
  private final PrintStream out;
  private final PrintStream err;
  private final StopSignal stop;
  private final Duration producerWait;
  private final ProducerCpu producerCpu;
  private final InstanceCounts instances;
  private final ConsumerFigures figures;
  /** {@code payload: pojo-…}'s order, built once; null for the string payload. */
  private final Order order;
  private volatile RunResult lastResult;
  /** The latest measured window's diagnosis, for a live page; null before the first. */
  private volatile String liveDiagnosis;
  /** The last run's answers by instance; empty when not counted. */
  private Map<String, Long> measuredInstances = Map.of();

  /**
   * @param service the blocking view of {@code perf1}, for the probe and the sync driver
   * @param asyncService the reactive view, for the async driver
   * @param producerWait how long to wait for the producer's first answer ({@code producer.wait})
   * @param producerCpu the producer process's CPU clock; null when it is not a child of this process
   * @param instances counts the answers by producer instance when there are several; else null
   * @param figures the consumer runtime's own metrics, read as each window closes
   */
  Consumer(ConsumerSettings settings, ConsumerTarget target, PerfService service, PerfServiceAsync asyncService,
      PrintStream out, PrintStream err, StopSignal stop, Duration producerWait, ProducerCpu producerCpu,
      InstanceCounts instances, ConsumerFigures figures) {
    this.figures = figures;
    this.settings = settings;
    this.target = target;
    this.service = service;
    this.asyncService = asyncService;
    this.out = out;
    this.err = err;
    this.stop = stop;
    this.producerWait = producerWait;
    this.producerCpu = producerCpu;
    this.instances = instances;
    this.order = Payloads.of(settings.payload());
  }

  /**
   * @return 0 when calls succeeded (errors are reported, not fatal), 1 when none did or the producer
   *     never answered
   */
  public int run() throws InterruptedException {
    try {
      new ProducerProbe(asyncService, target.description(), out, stop).awaitAnswer(producerWait);
    } catch (ProducerProbe.ProducerUnavailableException e) {
      err.println(e.getMessage());
      return 1;
    }
    out.printf("driving %s at %s over %s: %s, %s, warm-up %s, duration %s%s%s%n",
        PerfService.SERVICE_NAME, target.description(), settings.transport()
            + (settings.rawRestClient() ? " (driven by the raw Vert.x HTTP client: rest.client is raw)" : ""),
        load(), payloadDescription(),
        TextReport.duration(settings.warmup()) + (settings.warmupMax().isZero() ? ""
            : " until the windows settle (at most " + TextReport.duration(settings.warmupMax()) + ")"),
        settings.untilInterrupted() ? "until interrupted" : TextReport.duration(settings.duration()),
        settings.longTail().active() ? ", long tail: " + settings.longTail().ratio() + " of calls sleepEcho "
            + settings.longTail().delayMs() + "ms" : "",
        settings.echoDelayMs() > 0 ? ", every call sleepEcho " + settings.echoDelayMs() + "ms (echo.delay)" : "");
    RunResult result;
    try (ProviderMetrics provider = ProviderMetrics.from(target.registered(), settings.transport(), out, err)) {
      provider.prepare();
      result = measure(provider);
    }
    lastResult = result;
    out.println(TextReport.summary(result));
    out.println("  " + Diagnosis.of(result, Runtime.getRuntime().availableProcessors()));
    if (!measuredInstances.isEmpty()) {
      out.println(InstanceCounts.summaryLine(measuredInstances, result.durationSeconds()));
    }
    // & rather than &&: a JSON file that cannot be written must not cost the report, nor the reverse.
    boolean written = writeJson(result) & writeReport(result);
    return result.requests() > 0 && written ? 0 : 1;
  }

  /**
   * The latest measured window's {@code likely bottleneck: …} line, prefixed with the window's time, for a live page
   * (perf.jar's consumer dashboard); null before the first measured window.
   */
  public String liveDiagnosis() {
    return liveDiagnosis;
  }

  /** The result of the last completed run, for runners that chain runs; null before one completed. */
  RunResult lastResult() {
    return lastResult;
  }

  /** How the load is made; an open loop says that the closed-loop keys, which it overrides, do not apply. */
  private String load() {
    ConsumerSettings.OpenLoop open = settings.openLoop();
    if (open != null) {
      return String.format(java.util.Locale.ROOT, "open loop at %d rps, at most %d in flight (rps is set, so sync,"
          + " sync-count and async-count do not apply)", open.rps(), open.maxInFlight());
    }
    return settings.mode() + ", concurrency " + settings.concurrency();
  }

  /** What each call carries, for the start line. */
  private String payloadDescription() {
    return order == null ? "request " + settings.requestSize() + " bytes"
        : "payload " + settings.payload() + " (an order of " + order.lines.size() + " lines, "
            + Payloads.highwayFrame(order).length + " bytes in highway's answer frame)";
  }

  private RunResult measure(ProviderMetrics provider) throws InterruptedException {
    Samples samples = new Samples(new ErrorLog(err));
    ConsumerSettings.LongTail longTail = settings.longTail();
    // The message is built once: the driver measures calls, not strings.
    CallPlan plan = new CallPlan("x".repeat(settings.requestSize()), order, longTail.ratio(), longTail.delayMs(),
        settings.echoDelayMs());
    ConsumerSettings.OpenLoop open = settings.openLoop();
    OpenLoopDriver openLoop = open == null ? null
        : new OpenLoopDriver(asyncService, open.rps(), open.maxInFlight(), plan, samples);
    LoadDriver driver = openLoop != null ? openLoop
        : settings.sync()
        ? new SyncDriver(service, settings.syncCount(), settings.virtualCallers(), plan, samples)
        : new AsyncDriver(asyncService, settings.asyncCount(), plan, samples);
    Measurement measurement;
    driver.start();
    try {
      measurement = new WindowClock(settings, samples, out, stop, provider, producerCpu, instances, figures,
          driver::inFlight, diagnosis -> liveDiagnosis = diagnosis).run();
    } finally {
      driver.stop(DRAIN_GRACE);
    }
    measuredInstances = measurement.instances();
    long slowRequests = measurement.slowLatencyNanos().getTotalCount();
    long requests = measurement.latencyNanos().getTotalCount() + slowRequests;
    double seconds = measurement.nanos() / 1e9;
    // An open loop's concurrency is what the rate took: the most calls in flight at once.
    int concurrency = openLoop != null ? openLoop.peakInFlight() : settings.concurrency();
    return new RunResult(settings.transport(), settings.mode(), concurrency, settings.requestSize(),
        measurement.warmupNanos() / 1e9, seconds, requests, measurement.errors(),
        seconds > 0 ? requests / seconds : 0, Latency.of(measurement.latencyNanos()), measurement.windows(),
        provider.summary(),
        open == null ? null : new OpenLoopResult(open.rps(), open.maxInFlight(), measurement.late(),
            measurement.unsent()),
        longTail.active() ? new LongTailResult(longTail.ratio(), longTail.delayMs(), slowRequests,
            Latency.of(measurement.slowLatencyNanos())) : null,
        LatencyCurve.of(measurement.latencyNanos()),
        CpuPerRequest.of(measurement.consumerCpuNanos(), measurement.producerCpuNanos(), requests),
        ConsumerWindow.mean(measurement.windows().stream().map(WindowStats::consumer)
            .filter(java.util.Objects::nonNull).toList()));
  }

  /** False when asked for and not written: scripts waiting for the file must see the run fail. */
  private boolean writeJson(RunResult result) {
    if (settings.json() == null) {
      return true;
    }
    try {
      // What each call carried: "request_size" is the string's, and means nothing for a POJO payload.
      JsonReport.write(JsonReport.toJson(result).put("payload", settings.payload()), settings.json());
      out.println("result written to " + settings.json());
      return true;
    } catch (IOException e) {
      // The summary is already printed, so the numbers are not lost.
      err.println("cannot write " + settings.json() + ": " + e);
      return false;
    }
  }

  /** Like {@link #writeJson}; the report's charts are drawn from the same result. */
  private boolean writeReport(RunResult result) {
    if (settings.report() == null) {
      return true;
    }
    try {
      HtmlReport.write(settings.report(), "perf: " + result.transport() + " " + result.mode() + " "
          + result.concurrency(), List.of(result), null);
      out.println("report: " + settings.report());
      return true;
    } catch (IOException e) {
      err.println("cannot write " + settings.report() + ": " + e);
      return false;
    }
  }
}
