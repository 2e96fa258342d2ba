package io.axle.metrics.internal;

import io.axle.metrics.CpuStats;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Process CPU in top's Irix mode (CPU time over wall time: 100% = one core) from
 * {@code getProcessCpuTime()} deltas, and OS CPU in Solaris mode (100% = every available core) from
 * {@code getCpuLoad()}, which the JDK already computes for the container when a cgroup limits it. The
 * cores reported are {@code availableProcessors()} lowered to the cgroup v2 quota in
 * {@code /sys/fs/cgroup/cpu.max}, if any.
 */
public final class CpuSampler {
  private static final Path CPU_MAX = Path.of("/sys/fs/cgroup/cpu.max");

  private final com.sun.management.OperatingSystemMXBean os;
  private final double cores;
  private long lastCpuNanos;
  private long lastWallNanos;

  public CpuSampler() {
    this.os = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun : null;
    double quota = cgroupCores(CPU_MAX);
    int processors = Runtime.getRuntime().availableProcessors();
    this.cores = quota > 0 ? Math.min(processors, quota) : processors;
    reset(System.nanoTime());
  }

  /** Starts a window at {@code nowNanos}: the next sample covers the time from here. */
  public void reset(long nowNanos) {
    lastWallNanos = nowNanos;
    lastCpuNanos = os == null ? -1 : os.getProcessCpuTime();
    if (os != null) {
      os.getCpuLoad(); // the JDK measures the load since its previous call
    }
  }

  /** The CPU since the previous sample (or reset), which {@code nowNanos} ends. */
  public CpuStats sample(long nowNanos) {
    double process = Double.NaN;
    double system = Double.NaN;
    if (os != null) {
      long cpu = os.getProcessCpuTime();
      long wall = nowNanos - lastWallNanos;
      if (cpu >= 0 && lastCpuNanos >= 0 && wall > 0) {
        process = 100.0 * (cpu - lastCpuNanos) / wall;
      }
      lastCpuNanos = cpu;
      double load = os.getCpuLoad();
      system = load < 0 ? Double.NaN : 100.0 * load;
    }
    lastWallNanos = nowNanos;
    return new CpuStats(process, system, cores);
  }

  /**
   * The cores a cgroup v2 {@code cpu.max} ({@code "<quota> <period>"} or {@code "max <period>"}) allows,
   * or 0 when there is no such file or no limit.
   */
  static double cgroupCores(Path cpuMax) {
    try {
      if (!Files.isReadable(cpuMax)) {
        return 0;
      }
      return parseCpuMax(Files.readString(cpuMax));
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  static double parseCpuMax(String text) {
    String[] parts = text.trim().split("\\s+");
    if (parts.length != 2 || parts[0].equals("max")) {
      return 0;
    }
    double quota = Double.parseDouble(parts[0]);
    double period = Double.parseDouble(parts[1]);
    return quota > 0 && period > 0 ? quota / period : 0;
  }
}
