package io.axle.perf.producer;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeys;
import io.axle.config.CoreConfigKeys;
import io.axle.config.HostAndPort;
import io.axle.metrics.AxleMetrics;
import io.axle.metrics.MetricsConfigKeys;
import io.axle.perf.PerfApplication;
import io.axle.perf.PerfConfig;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfOutput;
import io.axle.perf.PerfService;
import io.axle.perf.Role;
import io.axle.perf.StopSignal;
import io.axle.perf.baseline.BaselineServers;
import io.axle.registry.Endpoint;
import io.axle.spring.AxleRuntimeHolder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A running perf producer: the Spring Boot application under the {@code producer} profile, whose
 * {@link PerfServiceImpl} the starter serves as service {@value PerfService#SERVICE_NAME} on every
 * transport on the class path (highway on {@code axle.highway.address}, REST on {@code axle.rest.address}),
 * with the executor the standard {@code axle.executors.*} keys select, and metrics (log lines per window,
 * {@code GET /metrics} and {@code /metrics/window}) unless {@code axle.metrics.enabled} is false. Next to
 * them, the raw baseline echoes ({@link BaselineServers}) on {@code baseline.address} and
 * {@code baseline.rest-address}, unless {@code baseline.enabled} is false.
 */
public final class Producer implements AutoCloseable {
  /** What the ready line starts with; {@code --loopback} and the tests wait for it. */
  public static final String READY_PREFIX = "perf producer ready: ";

  /**
   * The transports the ready line reports, in this order. Highway, the consumer's default, comes first
   * because scripts, and {@code --loopback} of other perf jars, may read only the first endpoint of the line.
   */
  static final List<String> TRANSPORTS = List.of("highway", "rest");

  private final ConfigurableApplicationContext context;
  private final BaselineServers baseline;
  private final Map<String, Endpoint> endpoints;
  /** The runtime's configuration as the producer started: what {@link #changeLive} compares with. */
  private final AxleConfig startConfig;

  private Producer(ConfigurableApplicationContext context) {
    this.context = context;
    AxleConfig config = context.getBean(PerfConfig.class).config();
    try {
      this.baseline = BaselineServers.start(config);
    } catch (RuntimeException e) {
      SpringApplication.exit(context);
      throw e;
    }
    // Axle's first, then the baseline's: scripts, and --loopback of other perf jars, may read only the first ones.
    Map<String, Endpoint> all = new LinkedHashMap<>(boundEndpoints(context));
    all.putAll(baseline.endpoints());
    this.endpoints = Collections.unmodifiableMap(all);
    this.startConfig = axle().config();
  }

  /** What the context's runtime listens on, per transport, in the ready line's order ({@link #TRANSPORTS}). */
  public static Map<String, Endpoint> boundEndpoints(ConfigurableApplicationContext context) {
    Axle axle = context.getBean(AxleRuntimeHolder.class).axle();
    Map<String, Endpoint> bound = new LinkedHashMap<>();
    for (String transport : TRANSPORTS) {
      axle.endpoint(transport).ifPresent(endpoint -> bound.put(transport, endpoint));
    }
    return Collections.unmodifiableMap(bound);
  }

  /**
   * Starts serving, configured by {@code args} ({@code --key=value}) over the usual Spring sources.
   *
   * @throws RuntimeException from Spring's start-up, with a {@link io.axle.config.ConfigException} in its
   *     causes when the configuration is unusable
   */
  public static Producer start(String[] args, PerfOutput output, StopSignal stop) {
    return new Producer(PerfApplication.create(Role.PRODUCER, output, stop).run(args));
  }

  /**
   * Serves until a stop is requested (SIGTERM, Ctrl-C: see {@link StopSignal}), then closes the context,
   * whose Axle runtime stops gracefully within {@code axle.shutdown.timeout}, so calls in flight are answered.
   */
  public static int runUntilStopped(String[] args, PerfOutput output, StopSignal stop) throws InterruptedException {
    Producer first = start(args, output, stop);
    Producer[] current = {first};
    ProducerControl control = null;
    try {
      output.out().println(first.readyLine());
      first.dashboardLine().ifPresent(output.out()::println);
      HostAndPort controlAddress = first.context.getBean(PerfConfig.class).config().get(PerfKeys.CONTROL_ADDRESS);
      if (controlAddress != null) {
        control = ProducerControl.start(controlAddress, (keys, liveWherePossible) -> {
          synchronized (current) {
            String changed = liveWherePossible ? current[0].changeLive(keys) : null;
            if (changed != null) {
              output.out().println("perf producer changed live with " + keys + ": " + changed);
              output.out().flush();
              // The second line tells the consumer's walk it was live (ProducerRestarts.LIVE).
              return current[0].readyLine() + "\nchanged live: " + changed;
            }
            // The old one first: the new one binds the same ports. Its calls in flight are answered as it stops.
            String[] restartArgs = withKeys(args, current[0].boundAddresses(keys));
            current[0].close();
            try {
              current[0] = start(restartArgs, output, stop);
            } catch (RuntimeException e) {
              // A bad value must not leave the port without a producer: the command line's own, again.
              current[0] = start(args, output, stop);
              ConfigException bad = findConfigException(e);
              throw new IllegalArgumentException("restart with " + keys + " failed, serving as before: "
                  + (bad != null ? bad.getMessage() : String.valueOf(e.getMessage())), e);
            }
            output.out().println("perf producer restarted with " + keys + ": " + current[0].readyLine());
            output.out().flush();
            return current[0].readyLine();
          }
        });
        output.out().println("perf producer control: " + control.url() + " (POST key=value lines to restart with them; "
            + ProducerControl.CHANGE_PATH + " applies them live where every key is live)");
      }
      output.out().flush();
      stop.await();
    } finally {
      if (control != null) {
        control.close();
      }
      synchronized (current) {
        current[0].close();
      }
    }
    return 0;
  }

  /**
   * Applies {@code keys} to the running runtime when every one that differs from the command line the producer
   * started with is live: those become the layer of the source {@code control}, so a key the last change set
   * and this one does not returns to the command line's, as with a restart. A walk sends every knob at each step,
   * a server's thread count among them: at the value it started with, it is no reason to restart.
   *
   * @return the configuration version now in force, in words; null when a key that differs is not live
   *     (restart instead)
   * @throws IllegalArgumentException with the runtime's problems when it refused the change
   */
  String changeLive(Map<String, String> keys) {
    Map<String, String> layer = new LinkedHashMap<>();
    for (Map.Entry<String, String> key : keys.entrySet()) {
      ConfigKey<?> declared = ConfigKeys.find(key.getKey()).orElse(null);
      if (declared == null) {
        return null; // a perf key (response-size, baseline.*): read at start
      }
      if (asStarted(declared, key.getKey(), key.getValue())) {
        continue;
      }
      if (!declared.isLive()) {
        return null;
      }
      layer.put(key.getKey(), key.getValue());
    }
    try {
      return "config " + axle().reconfigure("control", layer);
    } catch (ConfigException e) {
      throw new IllegalArgumentException("change with " + keys + " refused, serving as before: " + e.getMessage(), e);
    }
  }

  /** Whether {@code value} is what the producer started with for {@code key}: the same text, or the default's value. */
  private boolean asStarted(ConfigKey<?> declared, String key, String value) {
    java.util.Optional<String> started = startConfig.getRaw(key);
    if (started.isPresent()) {
      return started.get().equals(value);
    }
    try {
      return declared.name().equals(key) && declared.defaultValue().isPresent()
          && declared.defaultValue().get().equals(declared.parse(value));
    } catch (IllegalArgumentException e) {
      return false; // a bad value: the runtime names it
    }
  }

  /** The producer's runtime. */
  public Axle axle() {
    return context.getBean(AxleRuntimeHolder.class).axle();
  }

  /**
   * {@code keys}, plus each transport's listen address at the port it bound unless {@code keys} set it: a restart
   * then listens where its consumers already call, also when the command line asked for any free port
   * ({@code 127.0.0.1:0}, as {@code --loopback} starts its child). The baseline echoes are not pinned: a walk does
   * not call them.
   */
  Map<String, String> boundAddresses(Map<String, String> keys) {
    Map<String, String> pinned = new LinkedHashMap<>();
    boundEndpoints(context).forEach((transport, endpoint) -> pinned.put("axle." + transport + ".address",
        new HostAndPort(endpoint.host(), endpoint.port()).toString()));
    pinned.putAll(keys);
    return pinned;
  }

  /** The command line with {@code keys} set: their own spellings in {@code args} replaced (Spring would join a repeat). */
  static String[] withKeys(String[] args, Map<String, String> keys) {
    List<String> restarted = new ArrayList<>();
    for (String arg : args) {
      String key = arg.startsWith("--") ? arg.substring(2).split("=", 2)[0] : null;
      if (key == null || !keys.containsKey(key)) {
        restarted.add(arg);
      }
    }
    keys.forEach((key, value) -> restarted.add("--" + key + "=" + value));
    return restarted.toArray(String[]::new);
  }

  private static ConfigException findConfigException(Throwable failure) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof ConfigException bad) {
        return bad;
      }
    }
    return null;
  }

  /**
   * {@code perf producer ready: highway://0.0.0.0:7070 rest://0.0.0.0:8080 baseline://0.0.0.0:7071
   * baseline-rest://0.0.0.0:8081 (executor: ...)}, with the ports actually bound: every endpoint, separated by
   * spaces, then the executor in parentheses.
   */
  public String readyLine() {
    String listening = endpoints.isEmpty() ? "no transport listening"
        : endpoints.values().stream().map(Endpoint::toString).collect(Collectors.joining(" "));
    // The runtime's configuration in force: a live change may have changed the executor.
    return READY_PREFIX + listening + " (executor: " + describeExecutor(axle().config()) + ")";
  }

  /**
   * {@code perf producer dashboard: http://127.0.0.1:8080/axle/dashboard}, where the live page of this
   * producer's windows is, when its REST server and the dashboard run (a wildcard address shown as loopback).
   */
  public java.util.Optional<String> dashboardLine() {
    Endpoint rest = endpoint("rest");
    if (rest == null || !context.getBean(PerfConfig.class).config().get(MetricsConfigKeys.DASHBOARD_ENABLED)
        || !context.getBean(PerfConfig.class).config().get(MetricsConfigKeys.ENABLED)) {
      return java.util.Optional.empty();
    }
    String host = rest.host().equals("0.0.0.0") || rest.host().equals("::") ? "127.0.0.1" : rest.host();
    return java.util.Optional.of("perf producer dashboard: http://" + host + ":" + rest.port()
        + AxleMetrics.DASHBOARD_PATH);
  }

  /** Where the producer's highway server listens, with the port actually bound; null when it does not. */
  public Endpoint endpoint() {
    return endpoint("highway");
  }

  /** Where the producer listens on {@code transport}, with the port actually bound; null when it does not. */
  public Endpoint endpoint(String transport) {
    return endpoints.get(transport);
  }

  /** Every endpoint, by transport (the baseline's as {@code baseline} and {@code baseline-rest}), in the ready line's order. */
  public Map<String, Endpoint> endpoints() {
    return endpoints;
  }

  /** Closes the application context: the runtime stops gracefully first, then the beans go. */
  @Override
  public void close() {
    baseline.close();
    SpringApplication.exit(context);
  }

  /**
   * The executor of {@code echo} in words, mirroring how core resolves it, for the ready line; the proxy's
   * ready line says the same of its own.
   */
  public static String describeExecutor(AxleConfig config) {
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
