package io.axle.perf.report.html;

import io.axle.perf.report.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Two configurations measured again in alternated pairs, apart from a series' other runs: a tune walk's confirmation,
 * the starting configuration and the best, each in a closed loop. Their page section draws them against the pair,
 * one line per configuration; on the series' own axis, next to the walk's open-loop knees, a closed loop's lower
 * rate would read as the best configuration losing half its rate.
 *
 * @param caption the section's heading
 * @param firstName what the first of each pair ran, e.g. {@code as configured}
 * @param secondName what the second ran, e.g. {@code best}
 * @param first the first run of each pair, in order
 * @param second the second run of each pair, as many
 */
public record RunPairs(String caption, String firstName, String secondName, List<RunResult> first,
    List<RunResult> second) {

  public RunPairs {
    first = List.copyOf(first);
    second = List.copyOf(second);
    if (first.isEmpty() || first.size() != second.size()) {
      throw new IllegalArgumentException("pairs of " + caption + ": " + first.size() + " " + firstName + " and "
          + second.size() + " " + secondName + " runs (expected: as many of each, at least one)");
    }
  }

  /** The runs as the page's table lists them: each pair's first then its second. */
  List<RunResult> runs() {
    List<RunResult> runs = new ArrayList<>();
    for (int i = 0; i < first.size(); i++) {
      runs.add(first.get(i));
      runs.add(second.get(i));
    }
    return runs;
  }

  /** The table's label of each of {@link #runs()}: {@code pair 1 as configured}. */
  List<String> labels() {
    List<String> labels = new ArrayList<>();
    for (int i = 1; i <= first.size(); i++) {
      labels.add("pair " + i + " " + firstName);
      labels.add("pair " + i + " " + secondName);
    }
    return labels;
  }
}
