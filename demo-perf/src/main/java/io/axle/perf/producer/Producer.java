package io.axle.perf.producer;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfService;
import io.axle.perf.StopSignal;
import io.axle.registry.Endpoint;
import java.io.PrintStream;

/**
 * A running perf producer: service {@value PerfService#SERVICE_NAME} serving {@link PerfService} on
 * every transport on the class path, with the executor the standard {@code axle.executors.*} keys select.
 */
public final class Producer implements AutoCloseable {
  /** What the ready line starts with; {@code --loopback} and the tests wait for it. */
  public static final String READY_PREFIX = "perf producer ready: ";

  /** The transport the ready line reports: the only one so far, and the consumer's default. */
  private static final String TRANSPORT = "highway";

  private final Axle axle;
  private final Endpoint endpoint;
  private final String executor;

  private Producer(Axle axle, Endpoint endpoint, String executor) {
    this.axle = axle;
    this.endpoint = endpoint;
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
    Axle axle = Axle.builder()
        .config(effective)
        .provider(PerfService.SCHEMA_ID, PerfService.class, new PerfServiceImpl(responseSize))
        .start();
    Endpoint endpoint = axle.endpoint(TRANSPORT).orElse(null);
    return new Producer(axle, endpoint, describeExecutor(effective));
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

  /** {@code perf producer ready: highway://0.0.0.0:7070 (executor: ...)}, with the port actually bound. */
  public String readyLine() {
    return READY_PREFIX + (endpoint == null ? "no transport listening" : endpoint) + " (executor: " + executor + ")";
  }

  /** Where the producer listens, with the port actually bound; null when no transport serves. */
  public Endpoint endpoint() {
    return endpoint;
  }

  @Override
  public void close() {
    axle.stop();
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
