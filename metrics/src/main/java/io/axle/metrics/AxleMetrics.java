package io.axle.metrics;

import io.axle.Axle;
import io.axle.InvocationListener;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigVersion;
import io.axle.config.CoreConfigKeys;
import io.axle.executor.AxleExecutor;
import io.axle.metrics.internal.Aggregator;
import io.axle.metrics.internal.CpuSampler;
import io.axle.metrics.internal.FeedClock;
import io.axle.metrics.internal.Instruments;
import io.axle.metrics.internal.LogPublisher;
import io.axle.metrics.internal.LogSink;
import io.axle.metrics.internal.MetricsListener;
import io.axle.metrics.internal.NetworkMeters;
import io.axle.metrics.internal.NetworkMetricsFactory;
import io.axle.metrics.internal.PoolSampler;
import io.axle.metrics.internal.WindowJson;
import io.axle.policy.PolicyState;
import io.axle.transport.HttpEndpoint;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Metrics windows for a runtime, from the stage trace of every call:
 *
 * <pre>{@code
 * AxleConfig config = AxleConfig.load(args);
 * AxleMetrics metrics = AxleMetrics.create(config);
 * Axle.Builder builder = Axle.builder().config(config) … ;
 * metrics.install(builder);       // the listener, GET /metrics/window, GET /metrics if enabled
 * Axle axle = builder.start();
 * metrics.start(axle);            // a window every axle.metrics.window_time
 * …
 * metrics.close();
 * }</pre>
 *
 * <p>Every {@code axle.metrics.window_time} a daemon thread named {@code axle-metrics} closes a
 * {@link Window}: per role, transport, operation and status the count, TPS, errors, latency
 * percentiles and stage averages of the calls that ended in it (nothing carried over), the runtime's
 * executor pools and the CPU. It logs the window (when {@code axle.metrics.publisher.defaultLog.enabled}
 * is true; off by default), then hands it to the window listeners. One instance may listen to several runtimes of a
 * process; pools are those of the runtime passed to {@link #start}. Thread-safe.
 *
 * <p>Each closed window is also added to cumulative meters in {@link #registry()} (the {@code axle.invocation}
 * timers, a histogram in Prometheus; executor and CPU gauges),
 * which {@code GET /metrics} serves in the Prometheus text format when it is Axle's own and
 * {@code axle.metrics.prometheus.enabled} is true.
 */
public final class AxleMetrics implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AxleMetrics.class);
  /** Path of the JSON of {@link #lastWindow()}. */
  public static final String WINDOW_PATH = "/metrics/window";
  /** Path of the last {@value #HISTORY_WINDOWS} windows, a JSON array, oldest first. */
  public static final String WINDOWS_PATH = "/metrics/windows";
  /** Path of the live dashboard page. */
  public static final String DASHBOARD_PATH = "/axle/dashboard";
  /**
   * Path of the list of window sources the dashboard draws, {@code [{"label": …, "base": …}]}: here this port's
   * alone; a server that relays another process's windows (the perf consumer) lists both.
   */
  public static final String SOURCES_PATH = "/axle/dashboard/sources";
  /** Windows kept for {@link #WINDOWS_PATH}: five minutes of one-second windows. */
  public static final int HISTORY_WINDOWS = 300;
  /** Path of the Prometheus text. */
  public static final String PROMETHEUS_PATH = "/metrics";
  /** The Prometheus text format 0.0.4, which {@link PrometheusMeterRegistry#scrape()} writes. */
  static final String PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
  static final String JSON_CONTENT_TYPE = "application/json";

  private final Duration windowTime;
  private final LogSink sink;
  /** Null when the window log is off; replaced when a configuration change turns it on or off. */
  private volatile LogPublisher publisher;
  /** The configuration the window log and the slow-call thresholds were last read from. */
  private AxleConfig settingsFrom;
  private final MetricsListener listener;
  private final Aggregator aggregator;
  private final Instruments instruments;
  private final CpuSampler cpu = new CpuSampler();
  private final NetworkMeters network = new NetworkMeters();
  private final NetworkMetricsFactory vertxMetrics = new NetworkMetricsFactory(network);
  private final List<Consumer<Window>> windowListeners = new CopyOnWriteArrayList<>();
  private final Runnable drainSlow = this::drainSlow;
  private volatile PoolSampler pools = new PoolSampler(Map::of);
  /** The started runtime's policy states; none before start. */
  private volatile java.util.function.Supplier<List<PolicyState>> policies = List::of;
  /** The runtime's configuration version, read as each window closes; null before {@link #start}. */
  private volatile java.util.function.Supplier<ConfigVersion> configVersion = () -> null;
  /** The runtime's configuration in force, read as each window closes; null before {@link #start}. */
  private volatile java.util.function.Supplier<AxleConfig> runtimeConfig = () -> null;
  /** The version in force when the current window opened. */
  private ConfigVersion windowConfig;
  private volatile ScheduledExecutorService clock;
  private volatile Window lastWindow;
  /** The last windows, oldest first, for the dashboard's first drawing (GET /metrics/windows). */
  private final WindowHistory history = new WindowHistory(HISTORY_WINDOWS);
  private volatile boolean closed;
  /**
   * The clock of Axle's own registry, told when a window's calls are fed into it; null for an
   * application's registry, whose clock is its own.
   */
  private final FeedClock feedClock;
  /** Whether {@code GET /metrics} serves the registry ({@code axle.metrics.prometheus.enabled}); only Axle's own. */
  private final boolean scrape;
  /** Whether the REST port serves the live dashboard ({@code axle.metrics.dashboard.enabled}). */
  private final boolean dashboard;
  private Instant windowStart;
  private long windowStartNanos;

  /** An application's registry, on its own clock. */
  private AxleMetrics(AxleConfig config, LogSink sink, MeterRegistry registry) {
    this(config, sink, registry, null);
  }

  /** Axle's own registry, on a clock that reads the wall time once per feed. */
  private AxleMetrics(AxleConfig config, LogSink sink, FeedClock feedClock) {
    this(config, sink, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT, new PrometheusRegistry(), feedClock),
        feedClock);
  }

  /** @param feedClock the clock of Axle's own registry; null for an application's registry */
  private AxleMetrics(AxleConfig config, LogSink sink, MeterRegistry registry, FeedClock feedClock) {
    this.feedClock = feedClock;
    this.scrape = config.get(MetricsConfigKeys.PROMETHEUS_ENABLED);
    this.dashboard = config.get(MetricsConfigKeys.DASHBOARD_ENABLED);
    if (scrape && feedClock == null) {
      String key = MetricsConfigKeys.PROMETHEUS_ENABLED.name();
      throw new ConfigException(key + ": true (expected: false, since Axle's meters go to the application's "
          + "MeterRegistry, which the application exports itself, e.g. at /actuator/prometheus; the REST port "
          + "serves only Axle's own registry) — " + config.origin(key));
    }
    this.instruments = new Instruments(registry);
    this.windowTime = config.get(CoreConfigKeys.METRICS_WINDOW_TIME);
    this.sink = sink;
    this.publisher = publisher(config, sink);
    this.listener = new MetricsListener(consumerSlowNanos(config), providerSlowNanos(config),
        () -> {
          ScheduledExecutorService running = clock;
          if (running != null) {
            try {
              running.execute(drainSlow);
            } catch (RuntimeException closing) {
              // Closed meanwhile: close() drains what is left.
            }
          }
        }, instruments);
    this.aggregator = new Aggregator(listener);
    this.windowStart = Instant.now();
    this.windowStartNanos = System.nanoTime();
    instruments.bindCpu(this::lastWindow);
    instruments.bindNetwork(network);
  }

  private static LogPublisher publisher(AxleConfig config, LogSink sink) {
    return config.get(MetricsConfigKeys.LOG_ENABLED) ? new LogPublisher(sink, config.get(MetricsConfigKeys.LOG_DETAIL))
        : null;
  }

  /** Both keys read, whether or not it is enabled: a bad threshold is refused when the metrics are made. */
  private static long consumerSlowNanos(AxleConfig config) {
    long threshold = config.get(MetricsConfigKeys.CONSUMER_SLOW_TIME).toNanos();
    return config.get(MetricsConfigKeys.CONSUMER_SLOW_ENABLED) ? threshold : Long.MAX_VALUE;
  }

  private static long providerSlowNanos(AxleConfig config) {
    long threshold = config.get(MetricsConfigKeys.PROVIDER_SLOW_TIME).toNanos();
    return config.get(MetricsConfigKeys.PROVIDER_SLOW_ENABLED) ? threshold : Long.MAX_VALUE;
  }

  /** The keys of the window log and the slow-call thresholds: live, followed as each window closes. */
  private static final List<String> LIVE_SETTINGS = List.of(MetricsConfigKeys.LOG_ENABLED.name(),
      MetricsConfigKeys.LOG_DETAIL.name(), MetricsConfigKeys.CONSUMER_SLOW_ENABLED.name(),
      MetricsConfigKeys.CONSUMER_SLOW_TIME.name(), MetricsConfigKeys.PROVIDER_SLOW_ENABLED.name(),
      MetricsConfigKeys.PROVIDER_SLOW_TIME.name());

  /**
   * The window log and the slow-call thresholds, read again from the runtime's configuration in force when a
   * change set one of their keys: it takes effect with the window that closes next. Until then they are what
   * this instance was made with.
   */
  private void followSettings(AxleConfig config) {
    if (config == null || config == settingsFrom) {
      return;
    }
    AxleConfig before = settingsFrom;
    settingsFrom = config;
    if (before == null || LIVE_SETTINGS.stream().allMatch(key -> before.getRaw(key).equals(config.getRaw(key)))) {
      return;
    }
    publisher = publisher(config, sink);
    listener.slowThresholds(consumerSlowNanos(config), providerSlowNanos(config));
  }

  /**
   * Metrics configured by {@code axle.metrics.*}, logging through SLF4J, with cumulative meters in a
   * new {@link PrometheusMeterRegistry} of their own, which {@link #install} serves at {@code GET /metrics}
   * when {@code axle.metrics.prometheus.enabled} is true.
   *
   * @throws io.axle.config.ConfigException if one of its keys has a bad value
   */
  public static AxleMetrics create(AxleConfig config) {
    return new AxleMetrics(Objects.requireNonNull(config, "config"), LogSink.slf4j(), new FeedClock());
  }

  /**
   * Metrics whose cumulative meters go to {@code registry} (say an application's). Exporting it is the
   * registry owner's business: {@link #install} never serves it, and {@code axle.metrics.prometheus.enabled:
   * true} is refused. The registry is not closed with these metrics.
   *
   * @throws io.axle.config.ConfigException if one of its keys has a bad value, or asks to serve this registry
   */
  public static AxleMetrics create(AxleConfig config, MeterRegistry registry) {
    return new AxleMetrics(Objects.requireNonNull(config, "config"), LogSink.slf4j(),
        Objects.requireNonNull(registry, "registry"));
  }

  /** For tests: metrics whose log lines go to {@code sink}. */
  static AxleMetrics create(AxleConfig config, LogSink sink) {
    return new AxleMetrics(config, sink, new FeedClock());
  }

  /** The registry of the cumulative meters. */
  public MeterRegistry registry() {
    return instruments.registry();
  }

  /**
   * Registers on {@code builder} the {@link #listener()}, a Vert.x metrics factory counting the bytes each
   * socket of the runtime reads and writes (the windows' {@link Window#network()}), {@code GET /metrics/window} (the JSON of
   * {@link #lastWindow()}) and, with {@code axle.metrics.prometheus.enabled}, {@code GET /metrics} (the
   * Prometheus text of Axle's own registry). The REST transport serves them on its port, so the
   * runtime must serve at least one operation over REST. Call {@link #start} with the started runtime.
   *
   * @return {@code builder}
   */
  public Axle.Builder install(Axle.Builder builder) {
    Objects.requireNonNull(builder, "builder");
    builder.listener(listener);
    builder.vertxMetrics(vertxMetrics);
    endpoints().forEach(builder::httpEndpoint);
    return builder;
  }

  /**
   * The HTTP endpoints of these metrics, as {@link #install} registers them on the REST port: {@code GET
   * /metrics/window}; with {@code axle.metrics.dashboard.enabled}, {@code GET /metrics/windows}, {@code GET
   * /axle/dashboard} and {@code GET /axle/dashboard/sources}; with {@code axle.metrics.prometheus.enabled} and Axle's own registry, {@code GET /metrics}.
   * A process that serves no REST port (the perf consumer) can serve them on a server of its own.
   */
  public List<HttpEndpoint> endpoints() {
    List<HttpEndpoint> endpoints = new ArrayList<>();
    endpoints.add(endpoint(WINDOW_PATH, JSON_CONTENT_TYPE, () -> WindowJson.of(lastWindow).toBuffer().getBytes()));
    if (dashboard) {
      endpoints.add(endpoint(WINDOWS_PATH, JSON_CONTENT_TYPE, () -> history.json().toBuffer().getBytes()));
      byte[] page = DashboardPage.bytes();
      endpoints.add(endpoint(DASHBOARD_PATH, "text/html; charset=utf-8", () -> page));
      byte[] sources = "[{\"label\":\"\",\"base\":\"\"}]".getBytes(StandardCharsets.UTF_8);
      endpoints.add(endpoint(SOURCES_PATH, JSON_CONTENT_TYPE, () -> sources));
    }
    if (scrape && instruments.registry() instanceof PrometheusMeterRegistry prometheus) {
      endpoints.add(endpoint(PROMETHEUS_PATH, PROMETHEUS_CONTENT_TYPE,
          () -> prometheus.scrape().getBytes(StandardCharsets.UTF_8)));
    }
    return List.copyOf(endpoints);
  }

  private static HttpEndpoint endpoint(String path, String contentType, java.util.function.Supplier<byte[]> body) {
    return new HttpEndpoint() {
      @Override
      public String path() {
        return path;
      }

      @Override
      public String contentType() {
        return contentType;
      }

      @Override
      public byte[] render() {
        return body.get();
      }
    };
  }

  /** The listener to register with {@code Axle.builder().listener(…)}, on any number of runtimes. */
  public InvocationListener listener() {
    return listener;
  }

  /**
   * Starts the window clock; the first window opens now, and {@code axle}'s executors are the pools
   * reported.
   *
   * @throws IllegalStateException if already started or closed
   */
  public synchronized void start(Axle axle) {
    Objects.requireNonNull(axle, "axle");
    if (clock != null || closed) {
      throw new IllegalStateException(closed ? "metrics closed" : "metrics already started");
    }
    // Read again each window: a configuration change may put operations on other executors.
    pools = new PoolSampler(axle::executors);
    policies = axle::policyStates;
    configVersion = axle::configVersion;
    runtimeConfig = axle::config;
    settingsFrom = axle.config();
    windowConfig = axle.configVersion();
    instruments.bindPools(axle::executors);
    ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
      Thread thread = new Thread(task, "axle-metrics");
      thread.setDaemon(true);
      return thread;
    });
    windowStart = Instant.now();
    windowStartNanos = System.nanoTime();
    cpu.reset(windowStartNanos);
    for (String transport : List.of(NetworkMeters.HIGHWAY, NetworkMeters.REST)) {
      axle.endpoint(transport).ifPresent(bound -> network.resolve(transport, bound.host(), bound.port()));
    }
    network.rebase();
    long period = windowTime.toNanos();
    scheduler.scheduleAtFixedRate(this::tickQuietly, period, period, TimeUnit.NANOSECONDS);
    clock = scheduler;
  }

  /** The last closed window, or {@code null} before the first one closes. */
  public Window lastWindow() {
    return lastWindow;
  }

  /**
   * Hears every window as it closes, on the {@code axle-metrics} thread (after the log). It must be quick;
   * what it throws is logged and dropped.
   */
  public void addWindowListener(Consumer<Window> windowListener) {
    windowListeners.add(Objects.requireNonNull(windowListener, "windowListener"));
  }

  /**
   * Closes the current window now and opens the next, as the clock does; the next scheduled window is
   * then shorter. For tests.
   */
  synchronized Window tick() {
    long nowNanos = System.nanoTime();
    Instant now = Instant.now();
    long durationNanos = nowNanos - windowStartNanos;
    Window window;
    if (feedClock != null) {
      feedClock.feedStarted();
    }
    try {
      ConfigVersion config = configVersion.get();
      window = aggregator.close(windowStart, now, durationNanos, pools.sample(), cpu.sample(nowNanos),
          policies.get(), network.close(durationNanos / 1e9), config, windowConfig != null ? windowConfig : config);
      windowConfig = config;
    } finally {
      if (feedClock != null) {
        feedClock.feedEnded();
      }
    }
    windowStart = now;
    windowStartNanos = nowNanos;
    lastWindow = window;
    instruments.bindNewPools();
    history.add(window);
    drainSlow();
    followSettings(runtimeConfig.get());
    LogPublisher publisher = this.publisher;
    if (publisher != null) {
      publisher.publish(window);
    }
    for (Consumer<Window> windowListener : windowListeners) {
      try {
        windowListener.accept(window);
      } catch (RuntimeException e) {
        LOG.warn("A metrics window listener failed", e);
      }
    }
    return window;
  }

  private void tickQuietly() {
    try {
      tick();
    } catch (RuntimeException e) {
      // A failure must not cancel the schedule.
      LOG.warn("Closing a metrics window failed", e);
    }
  }

  private synchronized void drainSlow() {
    listener.drainSlowCalls(sink);
  }

  /**
   * Stops the clock (the open window is dropped), logs pending slow calls, and removes the executor and
   * CPU meters from the registry (the invocation timers stay, at their last values). Idempotent.
   */
  @Override
  public synchronized void close() {
    closed = true;
    instruments.close();
    ScheduledExecutorService running = clock;
    if (running != null) {
      running.shutdownNow();
    }
    drainSlow();
  }
}
