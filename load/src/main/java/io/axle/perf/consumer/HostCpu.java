package io.axle.perf.consumer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole host's CPU between two readings, from Linux's {@code /proc/stat} (busy = every field but idle and
 * iowait). Not the JVM's {@code getCpuLoad()}: that one measures since its previous call by anyone in the
 * process, and the metrics module's sampler calls it too. Elsewhere, or if the file cannot be read, NaN.
 */
final class HostCpu {
  private static final Path STAT = Path.of("/proc/stat");

  private long busy = -1;
  private long total = -1;

  /** The host's CPU since the previous call, 100 = one core, over {@code cores}; NaN on the first call or unknown. */
  double sample(int cores) {
    long[] now = read();
    if (now == null) {
      return Double.NaN;
    }
    long busyBefore = busy;
    long totalBefore = total;
    busy = now[0];
    total = now[1];
    if (busyBefore < 0 || total <= totalBefore) {
      return Double.NaN;
    }
    return 100.0 * cores * (busy - busyBefore) / (total - totalBefore);
  }

  /** {busy, total} jiffies of the {@code cpu} line; null when unreadable. */
  private static long[] read() {
    try {
      for (String line : Files.readAllLines(STAT)) {
        if (line.startsWith("cpu ")) {
          String[] fields = line.trim().split("\\s+");
          long total = 0;
          long idle = 0;
          // user nice system idle iowait irq softirq steal (guest time is already counted in user)
          for (int i = 1; i < Math.min(fields.length, 9); i++) {
            long value = Long.parseLong(fields[i]);
            total += value;
            if (i == 4 || i == 5) {
              idle += value;
            }
          }
          return new long[] {total - idle, total};
        }
      }
      return null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
