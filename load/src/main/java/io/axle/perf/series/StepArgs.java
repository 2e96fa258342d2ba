package io.axle.perf.series;

import io.axle.perf.PerfKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The command line of one run of a series: the user's, minus the series keys and the outputs the series
 * writes itself, minus every spelling of the keys the step sets, plus the step's values. Removing them
 * matters: Spring joins a repeated {@code --key=} option into {@code a,b} rather than letting the last win.
 */
final class StepArgs {
  /** Keys that belong to the series, not to its runs. */
  private static final Set<String> SERIES_KEYS = Set.of(PerfKeys.SWEEP.name(), PerfKeys.TARGET_P999.name(),
      PerfKeys.KNEE_START_RPS.name(), PerfKeys.KNEE_MAX_STEPS.name(), PerfKeys.LONG_TAIL_COMPARE.name(),
      PerfKeys.JSON.name(), "report", PerfKeys.COMPARE.name(), PerfKeys.COMPARE_PAIRS.name(),
      PerfKeys.OVERLOAD.name(), PerfKeys.OVERLOAD_PERCENT.name(), PerfKeys.OVERLOAD_ALGORITHM.name(),
      PerfKeys.SWEEP_REPEATS.name(), PerfKeys.TUNE.name(), PerfKeys.TUNE_TARGET_P999.name(), PerfKeys.TUNE_BUDGET.name());

  private StepArgs() {
  }

  static String[] of(String[] userArgs, Map<String, String> step) {
    Set<String> stepped = step.keySet().stream().map(SeriesPlan::canonical).collect(Collectors.toSet());
    List<String> args = new ArrayList<>();
    for (String arg : userArgs) {
      String key = keyOf(arg);
      if (key == null || (!SERIES_KEYS.contains(key) && !stepped.contains(key))) {
        args.add(arg);
      }
    }
    step.forEach((key, value) -> args.add("--" + key + "=" + value));
    return args.toArray(String[]::new);
  }

  /** True when the user's command line sets {@code key} in any spelling. */
  static boolean has(String[] userArgs, String key) {
    String canonical = SeriesPlan.canonical(key);
    for (String arg : userArgs) {
      if (canonical.equals(keyOf(arg))) {
        return true;
      }
    }
    return false;
  }

  /** The key of a {@code --key[=value]} option in its {@code axle.} spelling; null for other arguments. */
  private static String keyOf(String arg) {
    if (!arg.startsWith("--") || arg.length() == 2) {
      return null;
    }
    int equals = arg.indexOf('=');
    return SeriesPlan.canonical(equals < 0 ? arg.substring(2) : arg.substring(2, equals));
  }
}
