package io.axle.metrics.internal;

import io.axle.Role;
import io.axle.Status;
import io.axle.executor.AxleExecutor;
import io.axle.metrics.CpuStats;
import io.axle.metrics.Window;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
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
 * The cumulative Micrometer meters (docs/metrics.md lists their Prometheus names): a timer per role,
 * transport, operation and status, recorded from the same {@code onEnd} as the windows; gauges and a
 * counter per executor; CPU. The gauges this instance registered are removed on {@link #close()}.
 */
public final class Instruments {
  /** {@code axle_invocation_seconds_*}. */
  public static final String INVOCATION = "axle.invocation";
  /** Smallest and largest bucket bounds of the invocation histogram. */
  static final Duration HISTOGRAM_MIN = Duration.ofNanos(100_000);
  static final Duration HISTOGRAM_MAX = Duration.ofSeconds(60);

  private final MeterRegistry registry;
  private final List<io.micrometer.core.instrument.Meter> registered = new ArrayList<>();

  public Instruments(MeterRegistry registry) {
    this.registry = registry;
  }

  public MeterRegistry registry() {
    return registry;
  }

  /** The cumulative timer of one key, registered (or found) once per key. */
  Timer invocationTimer(Role role, String transport, String operation, Status status) {
    return Timer.builder(INVOCATION)
        .description("Axle calls: latency as in the windows (consumer end - start, provider sent - received)")
        .tag("role", role.name().toLowerCase(Locale.ROOT))
        .tag("transport", transport)
        .tag("operation", operation)
        .tag("status", status.name())
        .publishPercentileHistogram()
        .minimumExpectedValue(HISTOGRAM_MIN)
        .maximumExpectedValue(HISTOGRAM_MAX)
        .register(registry);
  }

  /** Gauges of each executor (read at scrape time) and its cumulative rejections. */
  public synchronized void bindPools(Map<String, AxleExecutor> executors) {
    executors.forEach((name, executor) -> {
      gauge("axle.executor.threads", "Threads the executor owns", name, executor, e -> e.stats().threads());
      gauge("axle.executor.active", "Threads running a task", name, executor, e -> e.stats().active());
      gauge("axle.executor.queued", "Tasks waiting", name, executor, e -> e.stats().queued());
      registered.add(FunctionCounter.builder("axle.executor.rejected", executor, e -> e.stats().rejected())
          .description("Tasks refused as overloaded, since start")
          .tag("executor", name)
          .register(registry));
    });
  }

  private void gauge(String meter, String description, String executor, AxleExecutor target,
      ToDoubleFunction<AxleExecutor> value) {
    registered.add(Gauge.builder(meter, target, value).description(description).tag("executor", executor)
        .strongReference(true).register(registry));
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
    });
  }

  /** Removes the gauges and counters bound here (they hold the runtime's executors). */
  public synchronized void close() {
    for (io.micrometer.core.instrument.Meter meter : registered) {
      registry.remove(meter);
    }
    registered.clear();
  }
}
