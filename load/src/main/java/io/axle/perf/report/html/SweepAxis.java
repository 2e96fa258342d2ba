package io.axle.perf.report.html;

import java.util.List;

/**
 * What a series of runs varied: the key and its value in each run, in the runs' order, as written on the
 * command line ({@code sweep: sync-count=1,10,50} gives {@code new SweepAxis("sync-count", List.of("1",
 * "10", "50"))}). The values are labels: the sweep charts space them evenly, whatever their numbers.
 */
public record SweepAxis(String key, List<String> values) {

  public SweepAxis {
    if (key == null || key.isBlank()) {
      throw new IllegalArgumentException("sweep key: " + key + " (expected: the name of the swept key)");
    }
    if (values == null || values.isEmpty() || values.stream().anyMatch(java.util.Objects::isNull)) {
      throw new IllegalArgumentException("sweep values of " + key + ": " + values
          + " (expected: one value per run, none null)");
    }
    values = List.copyOf(values);
  }
}
