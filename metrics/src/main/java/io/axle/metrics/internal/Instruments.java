package io.axle.metrics.internal;

import io.axle.executor.AxleExecutor;
import io.axle.metrics.CpuStats;
import io.axle.metrics.Window;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The cumulative Micrometer meters (docs/metrics.md lists their Prometheus names): per role, transport,
 * operation and status, the calls the windows added up; gauges and a counter per executor; CPU. The gauges this instance registered are removed on {@link #close()}.
 */
public final class Instruments {
  /** {@code axle_invocation_seconds_*}. */
  public static final String INVOCATION = "axle.invocation";
  private final MeterRegistry registry;
  private final List<io.micrometer.core.instrument.Meter> registered = new ArrayList<>();
  private InvocationCollector collector;

  public Instruments(MeterRegistry registry) {
    this.registry = registry;
  }

  public MeterRegistry registry() {
    return registry;
  }

  /**
   * The invocation meters of {@code meters}, read at scrape time from what the window clock added up:
   * in a {@link PrometheusMeterRegistry}, the histogram of {@link InvocationCollector}; in any other
   * registry, a Micrometer {@link FunctionTimer} per key (count and total), registered as its meter is
   * made ({@link #bindInvocation}).
   */
  synchronized void bindInvocations(Iterable<Meter> meters) {
    if (registry instanceof PrometheusMeterRegistry prometheus) {
      collector = new InvocationCollector(meters);
      prometheus.getPrometheusRegistry().register(collector);
    }
  }

  /** A new key's meter: a {@link FunctionTimer} unless the collector reports it. */
  void bindInvocation(Meter meter) {
    if (!(registry instanceof PrometheusMeterRegistry)) {
      FunctionTimer.builder(INVOCATION, meter, m -> m.cumulative().count(), m -> m.cumulative().sumMicros(),
              TimeUnit.MICROSECONDS)
          .description("Axle calls since start: latency as in the windows, added up as each window closes")
          .tag("role", meter.role.name().toLowerCase(Locale.ROOT))
          .tag("transport", meter.transport)
          .tag("operation", meter.operation)
          .tag("status", meter.status.name())
          .register(registry);
    }
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
   * scrape time. They stay in the registry after {@link #close()}, as the function timers of other registries do.
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

  /**
   * Removes the gauges and counters bound here (they hold the runtime's executors) and the Prometheus
   * invocation histogram; the function timers of other registries stay, at their last values.
   */
  public synchronized void close() {
    if (collector != null && registry instanceof PrometheusMeterRegistry prometheus) {
      prometheus.getPrometheusRegistry().unregister(collector);
      collector = null;
    }
    for (io.micrometer.core.instrument.Meter meter : registered) {
      registry.remove(meter);
    }
    registered.clear();
  }
}
