package io.axle.perf.report.html;

import java.util.List;

/**
 * What a series of runs varied: the key and its value in each run, in the runs' order, as written on the
 * command line ({@code sweep: sync-count=1,10,50} gives {@code new SweepAxis("sync-count", List.of("1",
 * "10", "50"))}). The values are labels: the sweep charts space them evenly, whatever their numbers.
 *
 * <p>{@code marks}, when not empty, say per run what became of it ({@code kept}, {@code reverted} for a tune walk's
 * steps; {@code ""} for nothing): the "TPS by" chart draws each mark as dots of its own colour on the runs' line, so
 * which points the series kept reads off the chart rather than off the table.
 */
public record SweepAxis(String key, List<String> values, List<String> marks) {

  public SweepAxis {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException("sweep key: " + key + " (expected: the name of the swept key)");
    }
    if (values == null || values.isEmpty() || values.stream().anyMatch(java.util.Objects::isNull)) {
      throw new IllegalArgumentException("sweep values of " + key + ": " + values
          + " (expected: one value per run, none null)");
    }
    values = List.copyOf(values);
    if (marks == null || (!marks.isEmpty() && marks.size() != values.size())
        || marks.stream().anyMatch(java.util.Objects::isNull)) {
      throw new IllegalArgumentException("sweep marks of " + key + ": " + marks + " for " + values.size()
          + " values (expected: none, or one per value, \"\" for an unmarked one)");
    }
    marks = List.copyOf(marks);
  }

  /** A sweep without marks. */
  public SweepAxis(String key, List<String> values) {
    this(key, values, List.of());
  }
}
