package io.axle.perf.report;

/**
 * The provider's own figures for the consumer's operation in one of its windows, as its
 * {@code GET /metrics/window} serves them: the row of role {@code provider}, the consumer's transport,
 * {@code PerfService.echo}, status {@code OK}.
 *
 * @param startEpochMillis when the provider's window started, on its wall clock; tells windows apart
 * @param durationMs the provider window's length
 * @param count calls that ended in it
 * @param queueUs average wait for the executor, µs; NaN when the row has no {@code queue} stage
 * @param queueCount calls the {@code queue} average is over
 * @param executeUs average time in provider filters and the method, µs; NaN when absent
 * @param executeCount calls the {@code execute} average is over
 */
public record ProviderWindow(long startEpochMillis, double durationMs, long count, double tps, double avgMs,
    double p99Ms, double queueUs, long queueCount, double executeUs, long executeCount) {
}
