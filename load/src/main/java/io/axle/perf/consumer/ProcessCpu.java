package io.axle.perf.consumer;

import java.lang.management.ManagementFactory;

/** This process's CPU clock: every thread of this JVM (callers, event loops, JIT compilers, GC). */
public final class ProcessCpu {

  private ProcessCpu() {
  }

  /** This JVM's total CPU time so far, in nanoseconds; negative when the platform does not tell. */
  public static long totalNanos() {
    return ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
        ? os.getProcessCpuTime() : -1;
  }
}
