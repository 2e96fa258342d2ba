package io.axle.perf.consumer;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfService;
import io.axle.perf.PerfServiceAsync;
import io.axle.perf.StopSignal;
import io.axle.perf.report.JsonReport;
import io.axle.perf.report.Latency;
import io.axle.perf.report.RunResult;
import io.axle.perf.report.TextReport;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * One consumer run: start a runtime, wait for {@code perf1}, drive load through the warm-up and the
 * measurement, then report. Returns an exit status rather than exiting, so tests can run it in-process.
 */
public final class Consumer {
  /** How long to wait for the producer before giving up. */
  public static final Duration PRODUCER_WAIT = Duration.ofSeconds(30);

  /** The consumer's own service name unless the user set one. */
  static final String SERVICE_NAME = "perf-consumer";

  /** Longest wait for calls in flight at the end; past it they are abandoned, which stopping reports. */
  private static final Duration DRAIN_GRACE = Duration.ofSeconds(10);

  private final AxleConfig config;
  private final PrintStream out;
  private final PrintStream err;
  private final StopSignal stop;
  private final Duration producerWait;

  public Consumer(AxleConfig config, PrintStream out, PrintStream err, StopSignal stop) {
    this(config, out, err, stop, PRODUCER_WAIT);
  }

  /** With a shorter producer wait, for tests of the failure path. */
  Consumer(AxleConfig config, PrintStream out, PrintStream err, StopSignal stop, Duration producerWait) {
    this.config = config.getRaw(CoreConfigKeys.SERVICE_NAME.name()).isPresent()
        ? config : config.with(CoreConfigKeys.SERVICE_NAME.name(), SERVICE_NAME);
    this.out = out;
    this.err = err;
    this.stop = stop;
    this.producerWait = producerWait;
  }

  /**
   * @return 0 when calls succeeded (errors are reported, not fatal), 1 when none did or the producer
   *     never answered
   * @throws ConfigException when the configuration is unusable
   */
  public int run() throws InterruptedException {
    ConsumerSettings settings = ConsumerSettings.from(config);
    String target = target(settings.transport());
    Axle axle = Axle.builder().config(config).start();
    try {
      PerfService service = reference(axle, PerfService.class);
      try {
        new ProducerProbe(service, target, out, stop).awaitAnswer(producerWait);
      } catch (ProducerProbe.ProducerUnavailableException e) {
        err.println(e.getMessage());
        return 1;
      }
      out.printf("driving %s at %s over %s: %s, concurrency %d, request %d bytes, warm-up %s, duration %s%n",
          PerfService.SERVICE_NAME, target, settings.transport(), settings.mode(), settings.concurrency(),
          settings.requestSize(), TextReport.duration(settings.warmup()),
          settings.untilInterrupted() ? "until interrupted" : TextReport.duration(settings.duration()));
      RunResult result;
      try (ProviderMetrics provider = ProviderMetrics.from(
          config.getMostSpecific(CoreConfigKeys.REGISTRY_LOCAL, PerfService.SERVICE_NAME), settings.transport(), out,
          err)) {
        provider.prepare();
        result = measure(axle, settings, provider);
      }
      out.println(TextReport.summary(result));
      boolean written = writeJson(settings, result);
      return result.requests() > 0 && written ? 0 : 1;
    } finally {
      axle.stop();
    }
  }

  private RunResult measure(Axle axle, ConsumerSettings settings, ProviderMetrics provider) throws InterruptedException {
    Samples samples = new Samples(new ErrorLog(err));
    String message = "x".repeat(settings.requestSize()); // built once: the driver measures calls, not strings
    LoadDriver driver = settings.sync()
        ? new SyncDriver(reference(axle, PerfService.class), settings.syncCount(), message, samples)
        : new AsyncDriver(reference(axle, PerfServiceAsync.class), settings.asyncCount(), message, samples);
    Measurement measurement;
    driver.start();
    try {
      measurement = new WindowClock(settings, samples, out, stop, provider).run();
    } finally {
      driver.stop(DRAIN_GRACE);
    }
    long requests = measurement.latencyNanos().getTotalCount();
    double seconds = measurement.nanos() / 1e9;
    return new RunResult(settings.transport(), settings.mode(), settings.concurrency(), settings.requestSize(),
        settings.warmup().toMillis() / 1000.0, seconds, requests, measurement.errors(),
        seconds > 0 ? requests / seconds : 0, Latency.of(measurement.latencyNanos()), measurement.windows(),
        provider.summary());
  }

  /** False when asked for and not written: scripts waiting for the file must see the run fail. */
  private boolean writeJson(ConsumerSettings settings, RunResult result) {
    if (settings.json() == null) {
      return true;
    }
    try {
      JsonReport.write(result, settings.json());
      out.println("result written to " + settings.json());
      return true;
    } catch (IOException e) {
      // The summary is already printed, so the numbers are not lost.
      err.println("cannot write " + settings.json() + ": " + e);
      return false;
    }
  }

  /**
   * The registry entries of {@code perf1} that the chosen transport calls, for the messages. With
   * {@code [highway://..., rest://...]} registered and {@code rest} chosen, that is the REST one; with
   * none of the chosen transport, every call would fail, so that is a configuration mistake.
   */
  private String target(String transport) {
    String key = CoreConfigKeys.REGISTRY_LOCAL.name() + "." + PerfService.SERVICE_NAME;
    List<String> registered = config.getMostSpecific(CoreConfigKeys.REGISTRY_LOCAL, PerfService.SERVICE_NAME);
    if (registered == null || registered.isEmpty()) {
      return "(nowhere)"; // reference() reports the missing entry
    }
    List<String> matching = registered.stream().filter(uri -> uri.startsWith(transport + "://")).toList();
    if (matching.isEmpty()) {
      String transportKey = config.mostSpecificKey(CoreConfigKeys.REFERENCES_TRANSPORT, PerfService.SERVICE_NAME,
          PerfService.SCHEMA_ID, ConsumerSettings.OPERATION);
      throw new ConfigException(key + ": " + String.join(",", registered) + " (expected: a " + transport
          + "://host:port entry, because " + transportKey + " is " + transport + ") — " + config.origin(key));
    }
    return String.join(", ", matching);
  }

  /** A missing registry entry or transport is a configuration mistake, reported as one. */
  private static <T> T reference(Axle axle, Class<T> schemaInterface) {
    try {
      return axle.reference(schemaInterface, PerfService.SERVICE_NAME, PerfService.SCHEMA_ID);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }
}
