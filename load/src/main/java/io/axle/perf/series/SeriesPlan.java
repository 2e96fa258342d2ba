package io.axle.perf.series;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeys;
import io.axle.perf.PerfKeys;
import io.axle.perf.baseline.Baseline;
import io.axle.transport.TransportFactory;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Which series the configuration asks for, if any: {@code sweep: key=v1,v2,…} (numbers, or any value
 * of a key that has a type, such as {@code axle.executors.default=inline,group,virtual}), {@code target-p999: 10ms}
 * (a knee search), {@code long-tail.compare: true}, which may go with a sweep, {@code compare: baseline}
 * (Axle against its raw baseline) or {@code overload: true} (the overload scenario). One series per command.
 */
sealed interface SeriesPlan {

  /**
   * One run per value of a key in each of {@code rounds} rounds, the order rotated by one per round; with {@code
   * compareLongTail}, two per value, without and with the long-tail share (say, the long-tail test once per
   * executor kind), in one round.
   */
  record Sweep(String key, List<String> values, boolean compareLongTail, int rounds) implements SeriesPlan {
    Sweep(String key, List<String> values) {
      this(key, values, false, 1);
    }

    Sweep(String key, List<String> values, boolean compareLongTail) {
      this(key, values, compareLongTail, 1);
    }

    /** The values of round {@code round} (from 0): the list rotated left by {@code round}, as indexes into it. */
    List<Integer> order(int round) {
      List<Integer> order = new ArrayList<>();
      for (int i = 0; i < values.size(); i++) {
        order.add((i + round) % values.size());
      }
      return order;
    }
  }

  /** The highest {@code rps} whose P999 is within the target. */
  record Knee(Duration targetP999, int startRps, int maxSteps) implements SeriesPlan {
  }

  /**
   * Axle and its raw baseline in turn, {@code pairs} times (A B A B …): {@code against} is {@code baseline}
   * (highway against the raw TCP echo) or {@code baseline-rest} (REST against the raw HTTP echo).
   */
  record Compare(String against, int pairs) implements SeriesPlan {

    /** The Axle transport each pair's first run calls. */
    String axleTransport() {
      return Baseline.REST.equals(against) ? "rest" : "highway";
    }
  }

  /**
   * {@code --tune}: coordinate descent over the transport's knobs, judged by each configuration's knee rate
   * at {@code targetP999} ({@link TuneSearch}), starting new evaluations for {@code budget}.
   */
  record Tune(Duration targetP999, Duration budget, int startRps, int maxSteps) implements SeriesPlan {
  }

  /** The same load without, then with, the long-tail share of slow requests. */
  record LongTailCompare() implements SeriesPlan {
  }

  /**
   * The overload scenario: capacity (closed loop), then open loop at half of it, and at {@code percent} of it
   * without and with the producer's adaptive limit ({@code algorithm}). {@code echoDelay} is the
   * {@code echo.delay} every run gets: the user's, else {@link #DEFAULT_ECHO_DELAY}.
   */
  record Overload(int percent, String algorithm, String echoDelay) implements SeriesPlan {
    /** Each call holds a producer thread 2 ms: the producer, not this machine's CPU, is the limit. */
    static final String DEFAULT_ECHO_DELAY = "2ms";
  }

  /**
   * The plan {@code config} asks for, or empty for a single run.
   *
   * @throws ConfigException naming the key, value and fix when the plan is unusable
   */
  static Optional<SeriesPlan> from(AxleConfig config) {
    List<SeriesPlan> asked = new ArrayList<>();
    boolean compareLongTail = config.get(PerfKeys.LONG_TAIL_COMPARE);
    if (compareLongTail) {
      String ratio = config.getRaw(SeriesRunner.LONG_TAIL_RATIO).orElse("0");
      if (!isNumber(ratio) || new BigDecimal(ratio).signum() <= 0) {
        throw new ConfigException("long-tail.compare: true with " + SeriesRunner.LONG_TAIL_RATIO + ": " + ratio
            + " (expected: a long-tail.ratio above 0, e.g. 0.01, so that there is a slow share to compare) — "
            + config.origin(PerfKeys.LONG_TAIL_COMPARE.name()));
      }
    }
    String sweep = config.get(PerfKeys.SWEEP);
    int repeats = config.get(PerfKeys.SWEEP_REPEATS); // checked even without a sweep: a typo shows at once
    if (sweep != null) {
      Sweep values = sweep(sweep, config.origin(PerfKeys.SWEEP.name()));
      boolean repeatsSet = config.getRaw(PerfKeys.SWEEP_REPEATS.name()).isPresent();
      if (compareLongTail && repeatsSet && repeats > 1) {
        throw new ConfigException(PerfKeys.SWEEP_REPEATS.name() + ": " + repeats + " with long-tail.compare: true "
            + "(expected: 1; a sweep comparing the long tail runs each value without and with it once) — "
            + config.origin(PerfKeys.SWEEP_REPEATS.name()));
      }
      asked.add(new Sweep(values.key(), values.values(), compareLongTail, compareLongTail ? 1 : repeats));
    } else if (compareLongTail) {
      asked.add(new LongTailCompare());
    }
    Duration target = config.get(PerfKeys.TARGET_P999);
    if (target != null) {
      asked.add(new Knee(target, config.get(PerfKeys.KNEE_START_RPS), config.get(PerfKeys.KNEE_MAX_STEPS)));
    }
    boolean overload = config.get(PerfKeys.OVERLOAD);
    int overloadPercent = config.get(PerfKeys.OVERLOAD_PERCENT); // checked even without overload, as compare.pairs
    String algorithm = config.get(PerfKeys.OVERLOAD_ALGORITHM);
    if (overload) {
      if (config.get(PerfKeys.RPS) != null) {
        throw new ConfigException("overload: true with rps: " + config.get(PerfKeys.RPS) + " (expected: no rps; the "
            + "scenario sets each run's rate from the capacity it measures) — " + config.origin(PerfKeys.RPS.name()));
      }
      String algorithmKey = "axle.governance.adaptive-limit.algorithm";
      for (String key : config.keys()) {
        if (key.startsWith(algorithmKey + ".")) {
          // It would apply to the runs meant to have no limit: the scenario sets the limit itself.
          throw new ConfigException("overload: true with " + key + ": " + config.getRaw(key).orElse("")
              + " (expected: no " + algorithmKey + " key; the scenario turns the limit off and on, with "
              + "overload.algorithm) — " + config.origin(key));
        }
      }
      String echoDelay = config.get(PerfKeys.ECHO_DELAY).isZero() ? Overload.DEFAULT_ECHO_DELAY
          : config.get(PerfKeys.ECHO_DELAY).toMillis() + "ms";
      asked.add(new Overload(overloadPercent, algorithm, echoDelay));
    }
    boolean tune = config.get(PerfKeys.TUNE);
    Duration tuneTarget = config.get(PerfKeys.TUNE_TARGET_P999); // checked even without tune
    Duration budget = config.get(PerfKeys.TUNE_BUDGET);
    if (tune) {
      asked.add(new Tune(tuneTarget, budget, config.get(PerfKeys.KNEE_START_RPS), config.get(PerfKeys.KNEE_MAX_STEPS)));
    }
    String compare = config.get(PerfKeys.COMPARE);
    int pairs = config.get(PerfKeys.COMPARE_PAIRS); // checked even without compare: a typo shows at once
    if (compare != null) {
      for (ConfigKey<Boolean> flag : List.of(PerfKeys.BASELINE, PerfKeys.BASELINE_REST)) {
        if (config.get(flag)) {
          throw new ConfigException(PerfKeys.COMPARE.name() + ": " + compare + " with --" + flag.name()
              + " (expected: one or the other; compare runs the baseline itself, every second run) — "
              + config.origin(flag.name()));
        }
      }
      asked.add(new Compare(compare, pairs));
    }
    if (asked.size() > 1) {
      List<String> names = new ArrayList<>();
      if (sweep != null) {
        names.add(PerfKeys.SWEEP.name());
      } else if (compareLongTail) {
        names.add(PerfKeys.LONG_TAIL_COMPARE.name());
      }
      if (target != null) {
        names.add(PerfKeys.TARGET_P999.name());
      }
      if (compare != null) {
        names.add(PerfKeys.COMPARE.name());
      }
      if (overload) {
        names.add(PerfKeys.OVERLOAD.name());
      }
      if (tune) {
        names.add(PerfKeys.TUNE.name());
      }
      throw new ConfigException(String.join(", ", names) + ": " + (names.size() == 2 ? "both" : "all") + " are set"
          + " (expected: at most one series per command, sweep optionally with long-tail.compare; run them one after"
          + " the other)");
    }
    return asked.stream().findFirst();
  }

  private static Sweep sweep(String text, String origin) {
    int equals = text.indexOf('=');
    String expected = " (expected: key=v1,v2,…, e.g. sync-count=1,10,50,100 or axle.executors.default=inline,group,virtual)"
        + " — " + origin;
    if (equals <= 0 || equals == text.length() - 1) {
      throw new ConfigException("sweep: " + text + expected);
    }
    String key = text.substring(0, equals).trim();
    if (key.equals(PerfKeys.SWEEP.name()) || key.equals(PerfKeys.TARGET_P999.name())) {
      throw new ConfigException("sweep: " + text + " (expected: a key other than sweep and target-p999) — " + origin);
    }
    List<ConfigKey<?>> keys = knownKeys();
    Optional<ConfigKey<?>> known = keys.stream().filter(k -> k.name().equals(canonical(key))).findFirst();
    boolean family = keys.stream().anyMatch(k -> k.isFamily() && canonical(key).startsWith(k.name() + "."));
    if (known.isEmpty() && !family) {
      throw new ConfigException("sweep: " + text + " — " + key + " is not a known key" + expected);
    }
    List<String> values = new ArrayList<>();
    for (String value : text.substring(equals + 1).split(",")) {
      String trimmed = value.trim();
      // A key with its own type (a choice like axle.executors.default) checks its values itself; a family
      // key's values can only be checked to be numbers.
      if (known.isEmpty() && !isNumber(trimmed)) {
        throw new ConfigException("sweep: " + text + " — " + (trimmed.isEmpty() ? "an empty value" : trimmed)
            + " is not a number" + expected);
      }
      if (known.isPresent()) {
        try {
          if (trimmed.isEmpty() || known.get().parse(trimmed) == null) {
            throw new IllegalArgumentException("empty");
          }
        } catch (IllegalArgumentException e) {
          throw new ConfigException("sweep: " + text + " — " + key + ": " + trimmed + " (expected: "
              + known.get().expected() + ") — " + origin);
        }
      }
      values.add(trimmed);
    }
    return new Sweep(key, List.copyOf(values));
  }

  /** Every module's keys and the transports' (which core validates at start-up, not through ConfigKeys). */
  static List<ConfigKey<?>> knownKeys() {
    List<ConfigKey<?>> keys = new ArrayList<>(ConfigKeys.all());
    ServiceLoader.load(TransportFactory.class).forEach(factory -> keys.addAll(factory.configKeys()));
    return keys;
  }

  private static boolean isNumber(String text) {
    try {
      new BigDecimal(text);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** The {@code axle.} spelling of a {@code servicecomb.} key, as the configuration stores it. */
  static String canonical(String key) {
    return key.startsWith("servicecomb.") ? "axle." + key.substring("servicecomb.".length()) : key;
  }
}
