package io.axle.metrics;

/**
 * One stage of one operation over a window (docs/metrics.md names the stages): how many calls reached
 * both of its events, and their average and longest time in it.
 *
 * @param name the stage, e.g. {@code prepare}, {@code wait}, {@code queue}
 * @param count calls that reached both events of the stage in this window
 * @param avgMicros average time in the stage, in microseconds
 * @param maxMicros longest time in the stage, in microseconds
 */
public record StageStats(String name, long count, double avgMicros, double maxMicros) {
}
