package io.axle.perf.consumer;

/**
 * The producer process's CPU clock, when this process can read it: {@code --loopback}'s child, whose
 * {@link ProcessHandle} the loopback holds. A producer started separately has none (the run then reports
 * its CPU per request as unknown).
 */
@FunctionalInterface
public interface ProducerCpu {

  /** The producer process's total CPU time so far, all its threads, in nanoseconds; negative when unreadable. */
  long totalCpuNanos();

  /** The CPU clock of that process, from {@link ProcessHandle.Info#totalCpuDuration()}. */
  static ProducerCpu of(ProcessHandle process) {
    return () -> process.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
  }
}
