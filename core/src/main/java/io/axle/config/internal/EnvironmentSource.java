package io.axle.config.internal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps {@code AXLE_*} and {@code SERVICECOMB_*} environment variables onto known keys. Names must be
 * matched against declared keys because the environment cannot spell dots and dashes.
 */
public final class EnvironmentSource {

  private static final Logger LOG = LoggerFactory.getLogger(EnvironmentSource.class);
  private static final String PREFIX = "AXLE_";
  private static final String ALIAS_PREFIX = "SERVICECOMB_";

  /**
   * @param values keyed in the spelling the variable used ({@code axle.} or {@code servicecomb.}), so
   *     that {@link Aliases#canonicalise} applies the same within-source rule as for files
   * @param ignored variables with our prefix that match no known key
   */
  public record Result(Map<String, ConfigValue> values, List<String> ignored) {
  }

  private EnvironmentSource() {
  }

  /**
   * An unmatched variable is only warned about: the environment is shared with other software, and
   * failing the start over a stray variable would be worse than ignoring it.
   */
  public static Result read(Map<String, String> environment, KnownKeys known) {
    Map<String, ConfigValue> values = new LinkedHashMap<>();
    List<String> ignored = new ArrayList<>();
    new TreeMap<>(environment).forEach((variable, text) -> {
      boolean alias = variable.startsWith(ALIAS_PREFIX);
      if (!alias && !variable.startsWith(PREFIX)) {
        return;
      }
      String envName = alias ? PREFIX + variable.substring(ALIAS_PREFIX.length()) : variable;
      known.nameForEnv(envName).ifPresentOrElse(key -> {
        String spelling = alias ? Aliases.alias(key) : key;
        values.put(spelling, new ConfigValue(text, "environment variable " + variable));
      }, () -> {
        ignored.add(variable);
        // The value is not logged: environment variables often hold secrets.
        LOG.warn("Ignoring environment variable {}: it matches no known configuration key", variable);
      });
    });
    return new Result(values, List.copyOf(ignored));
  }
}
