package io.axle.metrics.internal;

import io.axle.executor.AxleExecutor;
import io.axle.executor.ExecutorStats;
import io.axle.metrics.CpuStats;
import io.axle.metrics.Window;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The cumulative Micrometer meters (docs/metrics.md lists their Prometheus names): per role, transport,
 * operation and status, the calls the windows added up; gauges and a counter per executor; CPU. The gauges this instance registered are removed on {@link #close()}.
 */
public final class Instruments {
  /** {@code axle_invocation_seconds_*}. */
  public static final String INVOCATION = "axle.invocation";
  /**
   * The invocation histogram's upper bounds, 100 µs to 60 s in 1-2.5-5 steps: enough for {@code
   * histogram_quantile} and SLO alerts, and a short scrape.
   */
  static final Duration[] INVOCATION_BUCKETS = {
      Duration.ofNanos(100_000), Duration.ofNanos(250_000), Duration.ofNanos(500_000),
      Duration.ofMillis(1), Duration.ofNanos(2_500_000), Duration.ofMillis(5),
      Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50),
      Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
      Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5),
      Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofSeconds(60)};
  private final MeterRegistry registry;
  private final List<io.micrometer.core.instrument.Meter> registered = new ArrayList<>();
  private volatile Supplier<Map<String, AxleExecutor>> executors;
  private final java.util.Set<String> boundPools = new java.util.HashSet<>();

  public Instruments(MeterRegistry registry) {
    this.registry = registry;
  }

  public MeterRegistry registry() {
    return registry;
  }

  /**
   * A new key's {@code axle.invocation} timer, which {@link Meter} feeds as each window closes: a Micrometer
   * {@link Timer} with the buckets of {@link #INVOCATION_BUCKETS}, so that it is a meter like any other (in
   * Actuator's {@code /actuator/metrics}) and a histogram in a Prometheus scrape. Registering an existing key
   * again returns the registry's timer of that key, so two runtimes in one registry share it.
   */
  Timer invocationTimer(Meter meter) {
    return Timer.builder(INVOCATION)
        .description("Axle calls since start: latency as in the windows (consumer end - start, provider sent - "
            + "received), added as each window closes")
        .tags(keyTags(meter))
        .serviceLevelObjectives(INVOCATION_BUCKETS)
        .register(registry);
  }

  /**
   * A key's {@code axle.invocation.retries} counter: the attempts its calls sent after their first
   * (retries and hedges; a call counts under the status it ended with), added as each window closes.
   */
  Counter retriesCounter(Meter meter) {
    return Counter.builder(INVOCATION + ".retries")
        .description("Attempts Axle consumer calls sent after their first (retries and hedges), added as each "
            + "window closes")
        .tags(keyTags(meter))
        .register(registry);
  }

  /** A meter's key as tags: role, transport, operation and status. */
  private static Tags keyTags(Meter meter) {
    return Tags.of("role", meter.role.name().toLowerCase(Locale.ROOT),
        "transport", meter.transport, "operation", meter.operation, "status", meter.status.name());
  }

  /**
   * Gauges of each executor (read at scrape time) and its cumulative rejections, by name: each reads the
   * executor that name has at the time, since a configuration change may replace a pool under its name.
   */
  public synchronized void bindPools(Supplier<Map<String, AxleExecutor>> executors) {
    this.executors = executors;
    bindNewPools();
  }

  /** Registers the meters of the executor names that appeared since the last call; each window calls it. */
  public synchronized void bindNewPools() {
    if (executors == null) {
      return;
    }
    for (String name : executors.get().keySet()) {
      if (!boundPools.add(name)) {
        continue;
      }
      gauge("axle.executor.threads", "Threads the executor owns", name, ExecutorStats::threads);
      gauge("axle.executor.active", "Threads running a task", name, ExecutorStats::active);
      gauge("axle.executor.queued", "Tasks waiting", name, ExecutorStats::queued);
      registered.add(FunctionCounter.builder("axle.executor.rejected", new Rejections(name), Rejections::total)
          .description("Tasks refused as overloaded, since start")
          .tag("executor", name)
          .register(registry));
    }
  }

  private void gauge(String meter, String description, String executor, ToDoubleFunction<ExecutorStats> value) {
    Supplier<Map<String, AxleExecutor>> current = executors;
    registered.add(Gauge.builder(meter, () -> {
      AxleExecutor now = current.get().get(executor);
      return now == null ? Double.NaN : value.applyAsDouble(now.stats());
    }).description(description).tag("executor", executor).strongReference(true).register(registry));
  }

  /** The rejections of the executors a name had, added up: a counter does not go down when a pool is replaced. */
  private final class Rejections {
    private final String name;
    private AxleExecutor last;
    private long before;
    private long lastCount;

    Rejections(String name) {
      this.name = name;
    }

    synchronized double total() {
      AxleExecutor now = executors.get().get(name);
      if (now != null) {
        if (now != last) {
          before += lastCount;
          last = now;
        }
        lastCount = now.stats().rejected();
      }
      return before + lastCount;
    }
  }

  /**
   * CPU: the JVM's CPU time as a cumulative counter, and the last window's process and OS percentages
   * and cores as gauges ({@code NaN} before the first window). The OS load is not read at scrape time:
   * the JDK measures it since its previous call, which belongs to the window clock.
   */
  public synchronized void bindCpu(Supplier<Window> lastWindow) {
    if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
      registered.add(FunctionCounter.builder("axle.process.cpu", os, o -> Math.max(0, o.getProcessCpuTime()) / 1e9)
          .description("CPU time this JVM used, since it started")
          .baseUnit("seconds")
          .register(registry));
    }
    cpuGauge("axle.cpu.process.percent", "This JVM's CPU in the last window, 100 = one core", lastWindow,
        CpuStats::processPercent);
    cpuGauge("axle.cpu.os.percent", "The system's CPU in the last window, 100 = every available core", lastWindow,
        CpuStats::osPercent);
    cpuGauge("axle.cpu.cores", "Cores available (cgroup quota applied)", lastWindow, CpuStats::cores);
  }

  private void cpuGauge(String meter, String description, Supplier<Window> lastWindow,
      ToDoubleFunction<CpuStats> value) {
    registered.add(Gauge.builder(meter, lastWindow, last -> {
      Window window = last.get();
      return window == null ? Double.NaN : value.applyAsDouble(window.cpu());
    }).description(description).strongReference(true).register(registry));
  }

  /**
   * {@code axle_network_bytes_read_total} and {@code axle_network_bytes_written_total} per transport, side and
   * endpoint, each registered when its key first shows (a server created, a client connecting), read at
   * scrape time. They stay in the registry after {@link #close()}, as the invocation timers do.
   */
  public void bindNetwork(NetworkMeters network) {
    network.onNewCounter(counter -> {
      FunctionCounter.builder("axle.network.bytes.read", counter, NetworkMeters.Counter::bytesRead)
          .description("Bytes the runtime's sockets read, since start")
          .tag("transport", counter.transport)
          .tag("side", counter.side)
          .tag("endpoint", counter.endpoint)
          .register(registry);
      FunctionCounter.builder("axle.network.bytes.written", counter, NetworkMeters.Counter::bytesWritten)
          .description("Bytes the runtime's sockets wrote, since start")
          .tag("transport", counter.transport)
          .tag("side", counter.side)
          .tag("endpoint", counter.endpoint)
          .register(registry);
      Gauge.builder("axle.network.connections", counter, NetworkMeters.Counter::connections)
          .description("Connections open now")
          .tag("transport", counter.transport)
          .tag("side", counter.side)
          .tag("endpoint", counter.endpoint)
          .strongReference(true)
          .register(registry);
    });
  }

  /**
   * Removes the gauges and counters bound here (they hold the runtime's executors); the invocation timers stay,
   * at their last values, as cumulative meters do (another runtime in the same registry may share them).
   */
  public synchronized void close() {
    for (io.micrometer.core.instrument.Meter meter : registered) {
      registry.remove(meter);
    }
    registered.clear();
  }
}
