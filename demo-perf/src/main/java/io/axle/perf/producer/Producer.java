package io.axle.perf.producer;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.metrics.AxleMetrics;
import io.axle.metrics.MetricsConfigKeys;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfService;
import io.axle.perf.StopSignal;
import io.axle.registry.Endpoint;
import java.io.PrintStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A running perf producer: service {@value PerfService#SERVICE_NAME} serving {@link PerfService} on
 * every transport on the class path (highway on {@code axle.highway.address}, REST on
 * {@code axle.rest.address}), with the executor the standard {@code axle.executors.*} keys select.
 */
public final class Producer implements AutoCloseable {
  /** What the ready line starts with; {@code --loopback} and the tests wait for it. */
  public static final String READY_PREFIX = "perf producer ready: ";

  /**
   * The transports the ready line reports, in this order. Highway, the consumer's default, comes first
   * because scripts and {@code --loopback} of earlier versions read the first endpoint of the line.
   */
  static final List<String> TRANSPORTS = List.of("highway", "rest");

  private final Axle axle;
  private final AxleMetrics metrics;
  private final Map<String, Endpoint> endpoints;
  private final String executor;

  private Producer(Axle axle, AxleMetrics metrics, Map<String, Endpoint> endpoints, String executor) {
    this.axle = axle;
    this.metrics = metrics;
    this.endpoints = endpoints;
    this.executor = executor;
  }

  /**
   * Starts serving.
   *
   * @throws io.axle.config.ConfigException when the configuration is unusable
   */
  public static Producer start(AxleConfig config) {
    AxleConfig effective = config.getRaw(CoreConfigKeys.SERVICE_NAME.name()).isPresent()
        ? config : config.with(CoreConfigKeys.SERVICE_NAME.name(), PerfService.SERVICE_NAME);
    // Parsed before the runtime starts so a bad value fails fast with its own message.
    int responseSize = effective.get(PerfKeys.RESPONSE_SIZE);
    // The producer's own view of each window (TPS, latency, stages, pools, CPU) goes to its log,
    // per axle.metrics.publisher.defaultLog.enabled, and to GET /metrics and /metrics/window.
    // axle.metrics.enabled=false leaves them out entirely, to measure what they cost.
    AxleMetrics metrics = effective.get(MetricsConfigKeys.ENABLED) ? AxleMetrics.create(effective) : null;
    Axle.Builder builder = Axle.builder().config(effective);
    Axle axle = (metrics == null ? builder : metrics.install(builder))
        .provider(PerfService.SCHEMA_ID, PerfService.class, new PerfServiceImpl(responseSize))
        .start();
    if (metrics != null) {
      metrics.start(axle);
    }
    Map<String, Endpoint> endpoints = new LinkedHashMap<>();
    for (String transport : TRANSPORTS) {
      axle.endpoint(transport).ifPresent(endpoint -> endpoints.put(transport, endpoint));
    }
    return new Producer(axle, metrics, Collections.unmodifiableMap(endpoints), describeExecutor(effective));
  }

  /**
   * Serves until a stop is requested (SIGTERM, Ctrl-C: see {@link StopSignal}), then stops gracefully
   * within {@code axle.shutdown.timeout}, so calls in flight are answered.
   */
  public static int runUntilStopped(AxleConfig config, PrintStream out, StopSignal stop) throws InterruptedException {
    try (Producer producer = start(config)) {
      out.println(producer.readyLine());
      out.flush();
      stop.await();
    }
    return 0;
  }

  /**
   * {@code perf producer ready: highway://0.0.0.0:7070 rest://0.0.0.0:8080 (executor: ...)}, with the
   * ports actually bound: every endpoint, separated by spaces, then the executor in parentheses.
   */
  public String readyLine() {
    String listening = endpoints.isEmpty() ? "no transport listening"
        : endpoints.values().stream().map(Endpoint::toString).collect(Collectors.joining(" "));
    return READY_PREFIX + listening + " (executor: " + executor + ")";
  }

  /** Where the producer's highway server listens, with the port actually bound; null when it does not. */
  public Endpoint endpoint() {
    return endpoint("highway");
  }

  /** Where the producer listens on {@code transport}, with the port actually bound; null when it does not. */
  public Endpoint endpoint(String transport) {
    return endpoints.get(transport);
  }

  /** Every endpoint, by transport, in the ready line's order. */
  public Map<String, Endpoint> endpoints() {
    return endpoints;
  }

  @Override
  public void close() {
    axle.stop();
    if (metrics != null) {
      metrics.close();
    }
  }

  /** The executor of {@code echo} in words, mirroring how core resolves it, for the ready line. */
  private static String describeExecutor(AxleConfig config) {
    String name = config.getMostSpecific(CoreConfigKeys.EXECUTORS_PROVIDER, PerfService.SCHEMA_ID, "echo");
    if (name == null) {
      name = config.get(CoreConfigKeys.EXECUTORS_DEFAULT);
    }
    return switch (name) {
      case "group" -> "group, " + config.get(CoreConfigKeys.EXECUTOR_DEFAULT_GROUP) + " groups x "
          + config.get(CoreConfigKeys.EXECUTOR_DEFAULT_THREAD_PER_GROUP) + " threads";
      case "inline" -> "inline, on the event loop";
      case "virtual" -> "virtual threads";
      default -> name;
    };
  }
}
