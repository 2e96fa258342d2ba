package io.axle.perf.consumer;

import io.axle.perf.StopSignal;
import io.axle.perf.report.ConsumerWindow;
import io.axle.perf.report.CpuPerRequest;
import io.axle.perf.report.Diagnosis;
import io.axle.perf.report.ProviderSummary;
import io.axle.perf.report.RunResult;
import io.axle.perf.report.Latency;
import io.axle.perf.report.ProviderWindow;
import io.axle.perf.report.TextReport;
import io.axle.perf.report.WindowStats;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * Cuts the run into the warm-up phase and the measured phase, each into windows of
 * {@code axle.metrics.window_time}, printing one line per window (the article's per-second log) and
 * summing the measured ones. Windows are scheduled from the phase start, not from the previous window,
 * so printing never makes the clock drift; rates use each window's real length. Both processes' CPU
 * clocks are read when the measured phase starts and when its last window closes, the instants that
 * bound the measured time.
 */
final class WindowClock {
  private final Duration warmup;
  /** {@code warmup.max}: zero for a fixed warm-up. */
  private final Duration warmupMax;
  /** The warm-up windows' TPS, for the settling rule. */
  private final List<Double> warmupTps = new ArrayList<>();
  private long warmupNanos;
  private final Duration duration;
  private final long windowNanos;
  private final Samples samples;
  private final PrintStream out;
  private final StopSignal stop;
  private final ProviderMetrics provider;
  private final boolean openLoop;
  /** The producer's CPU clock; null when it is not a child of this process. */
  private final ProducerCpu producerCpu;
  /** Answers by producer instance, when there are several; else null. */
  private final InstanceCounts instances;
  private final java.util.Map<String, Long> measuredInstances = new java.util.LinkedHashMap<>();
  /** The consumer runtime's own row of each window; {@link ConsumerFigures#NONE} without metrics. */
  private final ConsumerFigures figures;
  private final String transport;
  /** The driver's calls in flight now. */
  private final java.util.function.IntSupplier inFlight;
  private final HostCpu hostCpu = new HostCpu();
  private final java.util.function.Consumer<String> diagnoses;
  private final int cores = Runtime.getRuntime().availableProcessors();

  private final Histogram total = Samples.newTotal();
  private final Histogram slowTotal = Samples.newTotal();
  private long measuredLate;
  private long measuredUnsent;
  private final List<WindowStats> measured = new ArrayList<>();
  private long measuredErrors;
  private long measuredNanos;
  private CpuClocks measuredStart;
  private CpuClocks measuredEnd;
  /** Both CPU clocks when the current window began, for each window's CPU. */
  private CpuClocks windowCpu;

  /**
   * @param provider prints the provider's line under each measured window's
   * @param producerCpu the producer's CPU clock, or null when it cannot be read from here
   * @param figures the consumer runtime's own figures, read as each window closes
   * @param inFlight the driver's calls in flight
   * @param diagnoses hears each measured window's diagnosis (a live page shows it)
   */
  WindowClock(ConsumerSettings settings, Samples samples, PrintStream out, StopSignal stop,
      ProviderMetrics provider, ProducerCpu producerCpu, InstanceCounts instances, ConsumerFigures figures,
      java.util.function.IntSupplier inFlight, java.util.function.Consumer<String> diagnoses) {
    this.diagnoses = diagnoses;
    this.figures = figures;
    this.transport = settings.transport();
    this.inFlight = inFlight;
    this.warmup = settings.warmup();
    this.warmupMax = settings.warmupMax();
    this.duration = settings.duration();
    this.windowNanos = settings.window().toNanos();
    this.samples = samples;
    this.out = out;
    this.stop = stop;
    this.provider = provider;
    this.openLoop = settings.openLoop() != null;
    this.producerCpu = producerCpu;
    this.instances = instances;
  }

  /** How long after the consumer runtime's window closes the driver's closes: room for the runtime's tick. */
  static final long ALIGN_AFTER_MILLIS = 50;

  /** Runs both phases; returns early, with what was measured so far, when a stop is requested. */
  Measurement run() throws InterruptedException {
    if (stop.await(alignmentNanos())) {
      return new Measurement(total, 0, 0, List.of(), slowTotal, 0, 0, -1, -1, java.util.Map.of(), 0);
    }
    samples.take(); // whatever was recorded before the load started (the readiness probe) is not load
    if (instances != null) {
      instances.take();
    }
    long warmupStart = System.nanoTime();
    boolean stopped = !warmup.isZero() && phase(warmupMax.isZero() ? warmup.toNanos() : warmupMax.toNanos(), true);
    warmupNanos = System.nanoTime() - warmupStart;
    if (!stopped && !warmupMax.isZero()) {
      out.println(settleLine());
    }
    if (!stopped) {
      // 0 measures until interrupted; Long.MAX_VALUE nanoseconds is some 292 years.
      phase(duration.isZero() ? Long.MAX_VALUE : duration.toNanos(), false);
    }
    return new Measurement(total, measuredErrors, measuredNanos, List.copyOf(measured), slowTotal, measuredLate,
        measuredUnsent, CpuClocks.delta(measuredStart, measuredEnd, CpuClocks::consumerNanos),
        CpuClocks.delta(measuredStart, measuredEnd, CpuClocks::producerNanos),
        java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(measuredInstances)), warmupNanos);
  }

  /** Windows whose TPS must agree for the warm-up to count as settled. */
  static final int SETTLE_WINDOWS = 3;
  /** How far each of them may lie from their mean. */
  static final double SETTLE_TOLERANCE = 0.10;

  /** True once the last {@link #SETTLE_WINDOWS} warm-up windows' TPS lie within the tolerance of their mean. */
  static boolean settled(List<Double> tps) {
    return tps.size() >= SETTLE_WINDOWS && spread(tps) <= SETTLE_TOLERANCE;
  }

  /** The largest distance of the last windows' TPS from their mean, as a share of it; infinite without enough. */
  static double spread(List<Double> tps) {
    if (tps.size() < SETTLE_WINDOWS) {
      return Double.POSITIVE_INFINITY;
    }
    List<Double> last = tps.subList(tps.size() - SETTLE_WINDOWS, tps.size());
    double mean = last.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    return mean <= 0 ? Double.POSITIVE_INFINITY
        : last.stream().mapToDouble(v -> Math.abs(v - mean) / mean).max().orElse(0);
  }

  private String settleLine() {
    double spread = spread(warmupTps);
    String seconds = String.format(java.util.Locale.ROOT, "%.1f s", warmupNanos / 1e9);
    String windows = Double.isInfinite(spread) ? "fewer than " + SETTLE_WINDOWS + " windows"
        : String.format(java.util.Locale.ROOT, "the last %d windows' TPS within %.0f%% of their mean", SETTLE_WINDOWS,
            100 * spread);
    return settled(warmupTps)
        ? "warm-up: settled after " + seconds + " (" + windows + ")"
        : "warm-up: not settled after " + seconds + " (warmup.max; " + windows + ", over "
            + Math.round(100 * SETTLE_TOLERANCE) + "%): measuring anyway";
  }

  /**
   * How long to wait so that the driver's windows close {@link #ALIGN_AFTER_MILLIS} after the consumer runtime's
   * (same length, {@code axle.metrics.window_time}), so that each printed window's consumer stages are of the same
   * second as its own figures: less than one window; 0 without the runtime's windows. The phases then keep the
   * alignment when the warm-up is a whole number of windows.
   */
  private long alignmentNanos() throws InterruptedException {
    long periodMillis = windowNanos / 1_000_000;
    if (!figures.keepsWindows() || periodMillis <= ALIGN_AFTER_MILLIS) {
      return 0;
    }
    // A runtime started just now has not closed its first window: wait for it, at most one window.
    java.time.Instant last = figures.lastWindowEnd();
    for (long waited = 0; last == null && waited <= periodMillis && !stop.isRequested(); waited += 10) {
      Thread.sleep(10);
      last = figures.lastWindowEnd();
    }
    if (last == null) {
      return 0;
    }
    long sinceClose = Math.floorMod(System.currentTimeMillis() - last.toEpochMilli(), periodMillis);
    return Math.floorMod(ALIGN_AFTER_MILLIS - sinceClose, periodMillis) * 1_000_000;
  }

  /** True when it ended because a stop was requested. */
  private boolean phase(long lengthNanos, boolean isWarmup) throws InterruptedException {
    long phaseStart = System.nanoTime();
    windowCpu = readCpu();
    hostCpu.sample(cores); // the phase's first window counts from here
    if (!isWarmup) {
      measuredStart = windowCpu;
    }
    long windowStart = phaseStart;
    for (long index = 1; ; index++) {
      long offset = saturatedMultiply(index, windowNanos);
      long nominalEnd = Math.min(offset, lengthNanos);
      // Subtracting elapsed time, not adding to phaseStart, cannot overflow for a phase without end.
      boolean stopped = stop.await(nominalEnd - (System.nanoTime() - phaseStart));
      boolean last = stopped || nominalEnd >= lengthNanos;
      long now = System.nanoTime();
      CpuClocks cpuNow = readCpu();
      if (last && !isWarmup) {
        measuredEnd = cpuNow;
      }
      CpuClocks cpuBefore = windowCpu;
      windowCpu = cpuNow;
      Samples.Interval interval = samples.take();
      long elapsed = now - windowStart;
      windowStart = now;
      // An interrupted window ends when it was interrupted; a full one at its nominal time.
      close(stopped ? now - phaseStart : nominalEnd, elapsed, interval, isWarmup, stopped,
          percent(CpuClocks.delta(cpuBefore, cpuNow, CpuClocks::consumerNanos), elapsed),
          percent(CpuClocks.delta(cpuBefore, cpuNow, CpuClocks::producerNanos), elapsed));
      if (last) {
        return stopped;
      }
      if (isWarmup && !warmupMax.isZero() && nominalEnd >= warmup.toNanos() && settled(warmupTps)) {
        return false; // the windows settled after the warm-up's least length
      }
    }
  }

  /** CPU time over wall time, 100 = one core; NaN for an unknown (negative) time. */
  private static double percent(long cpuNanos, long elapsedNanos) {
    return cpuNanos < 0 || elapsedNanos <= 0 ? Double.NaN : 100.0 * cpuNanos / elapsedNanos;
  }

  private void close(long endNanos, long elapsedNanos, Samples.Interval interval, boolean isWarmup,
      boolean interrupted, double consumerCpuPercent, double producerCpuPercent) {
    if (isWarmup && !interrupted) {
      warmupTps.add(interval.requests() / (Math.max(1, elapsedNanos) / 1e9));
    }
    if (!isWarmup) {
      total.add(interval.latencyNanos());
      slowTotal.add(interval.slowLatencyNanos());
      measuredErrors += interval.errors();
      measuredLate += interval.late();
      measuredUnsent += interval.unsent();
      measuredNanos += elapsedNanos;
    }
    java.util.Map<String, Long> byInstance = instances == null ? null : instances.take();
    if (byInstance != null && !isWarmup) {
      byInstance.forEach((label, count) -> measuredInstances.merge(label, count, Long::sum));
    }
    // A sliver left by an interruption is counted above but not shown: its rate would be noise.
    if (interrupted && elapsedNanos < windowNanos / 10) {
      return;
    }
    // Requests count the long-tail share too; the latency is the normal calls', as in the summary.
    long requests = interval.requests();
    ConsumerWindow consumer = consumerWindow();
    WindowStats window = new WindowStats(endNanos / 1e9, isWarmup, requests, interval.errors(),
        requests / (Math.max(1, elapsedNanos) / 1e9), Latency.of(interval.latencyNanos()),
        openLoop ? interval.late() + interval.unsent() : WindowStats.NOT_COUNTED, consumerCpuPercent,
        producerCpuPercent, consumer);
    out.println(TextReport.windowLine(window));
    if (byInstance != null) {
      out.println(InstanceCounts.windowLine(byInstance, elapsedNanos / 1e9));
    }
    if (!isWarmup) {
      measured.add(window);
      // After the consumer's line, so a slow fetch never delays it; the schedule absorbs the fetch.
      ProviderWindow row = provider.afterWindow(window.latency().avg(), requests);
      out.println(TextReport.consumerLine(consumer));
      ConsumerWindow.GapParts parts = row == null || requests == 0 ? null
          : consumer.gapParts(window.latency().avg(), row.avgMs());
      if (parts != null) {
        out.println(TextReport.gapPartsLine(parts, consumer.stageUs(ConsumerWindow.WAIT) / 1000, row.avgMs()));
      }
      diagnoses.accept(String.format(java.util.Locale.ROOT, "[%.0fs] ", window.endSeconds())
          + Diagnosis.of(windowResult(window, row), cores));
    }
  }

  /** One measured window as a run of its own, so the summary's rules can name its bottleneck. */
  private RunResult windowResult(WindowStats window, ProviderWindow row) {
    double seconds = Math.max(1e-9, window.requests() / Math.max(1e-9, window.tps()));
    return new RunResult(transport, openLoop ? "open loop" : "closed loop", 0, 0, 0, seconds, window.requests(),
        window.errors(), window.tps(), window.latency(), List.of(window),
        row == null ? null : ProviderSummary.of(List.of(row)), null, null, null,
        new CpuPerRequest(perRequestUs(window.consumerCpuPercent(), window.tps()),
            perRequestUs(window.producerCpuPercent(), window.tps())), window.consumer());
  }

  /** A CPU share at a rate, as µs per request; NaN when either is unknown or zero. */
  private static double perRequestUs(double percent, double tps) {
    return Double.isFinite(percent) && tps > 0 ? percent * 1e4 / tps : Double.NaN;
  }

  /** The consumer process's own figures now: the host's CPU since the last window, threads, calls in flight, Axle's row. */
  private ConsumerWindow consumerWindow() {
    double osCpu = hostCpu.sample(cores);
    int threads = java.lang.management.ManagementFactory.getThreadMXBean().getThreadCount();
    ConsumerFigures.Row row = figures.latest(transport, ProviderMetrics.OPERATION);
    java.util.Map<String, Integer> byEndpoint = figures.inFlight();
    return row == null ? new ConsumerWindow(osCpu, threads, inFlight.getAsInt(), 0, Double.NaN,
        java.util.Map.of(), java.util.Map.of(), byEndpoint)
        : new ConsumerWindow(osCpu, threads, inFlight.getAsInt(), row.count(), row.avgUs(), row.stagesUs(),
            row.connections(), byEndpoint);
  }

  private CpuClocks readCpu() {
    return new CpuClocks(ProcessCpu.totalNanos(), producerCpu == null ? -1 : producerCpu.totalCpuNanos());
  }

  /** Both processes' CPU clocks at one instant, in nanoseconds; negative where unreadable. */
  private record CpuClocks(long consumerNanos, long producerNanos) {

    /** The clock's advance between two readings; -1 when either is missing or unreadable. */
    static long delta(CpuClocks start, CpuClocks end, java.util.function.ToLongFunction<CpuClocks> clock) {
      if (start == null || end == null) {
        return -1;
      }
      long before = clock.applyAsLong(start);
      long after = clock.applyAsLong(end);
      return before < 0 || after < before ? -1 : after - before;
    }
  }

  private static long saturatedMultiply(long a, long b) {
    long high = Math.multiplyHigh(a, b);
    long low = a * b;
    return high == 0 && low >= 0 ? low : Long.MAX_VALUE;
  }
}
