package io.axle.metrics;

/**
 * One executor of the runtime at the end of a window ({@link io.axle.executor.ExecutorStats} summed
 * over its groups).
 *
 * @param name the executor's name in {@code Axle.executors()}: {@code group}, {@code virtual}, {@code inline}, …
 * @param kind {@code INLINE}, {@code GROUP}, {@code VIRTUAL} or {@code CUSTOM}
 * @param threads threads it owns at the end of the window
 * @param active threads running a task at the end of the window
 * @param queued tasks waiting at the end of the window
 * @param rejected tasks refused as overloaded during the window
 */
public record PoolStats(String name, String kind, int threads, int active, int queued, long rejected) {
}
