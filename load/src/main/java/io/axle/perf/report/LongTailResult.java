package io.axle.perf.report;

/**
 * What a long-tail run ({@code long-tail.ratio} above 0) adds to its result: the slow share's own latency.
 * The run's main latency is then the other, normal calls' only.
 *
 * @param ratio {@code long-tail.ratio}
 * @param delayMs {@code long-tail.delay}, what each slow call sleeps on the producer
 * @param requests successful slow calls, included in the run's request count
 * @param latency the slow calls' latency
 */
public record LongTailResult(double ratio, long delayMs, long requests, Latency latency) {
}
