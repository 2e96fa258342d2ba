package io.axle.metrics;

/**
 * CPU over one window.
 *
 * @param processPercent this JVM's CPU time over the window's wall time, top's Irix mode: 100 = one core
 *     busy, 200 = two; {@code NaN} when the JVM cannot tell
 * @param osPercent the whole system's (or container's) load, Solaris mode: 100 = every available core
 *     busy; {@code NaN} when the JVM cannot tell
 * @param cores the cores available: {@code availableProcessors()}, lowered to the cgroup quota
 *     ({@code /sys/fs/cgroup/cpu.max}) when one is set; {@code osPercent} is relative to these
 */
public record CpuStats(double processPercent, double osPercent, double cores) {
}
