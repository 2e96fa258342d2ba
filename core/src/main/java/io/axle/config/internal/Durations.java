package io.axle.config.internal;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The duration syntax of configuration files: {@code 500}, {@code 500ms}, {@code 30s}, {@code 2m}, {@code 1h}. */
public final class Durations {

  private static final Pattern SYNTAX = Pattern.compile("(\\d+)\\s*(ms|s|m|h)?", Pattern.CASE_INSENSITIVE);

  private Durations() {
  }

  /** A plain number means milliseconds, the unit ServiceComb configurations have always used. */
  public static Duration parse(String text) {
    Matcher m = SYNTAX.matcher(text.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("not a duration: " + text);
    }
    try {
      long amount = Long.parseLong(m.group(1));
      String unit = m.group(2) == null ? "ms" : m.group(2).toLowerCase(Locale.ROOT);
      Duration duration = switch (unit) {
        case "ms" -> Duration.ofMillis(amount);
        case "s" -> Duration.ofSeconds(amount);
        case "m" -> Duration.ofMinutes(amount);
        case "h" -> Duration.ofHours(amount);
        default -> throw new IllegalArgumentException("unknown unit: " + unit);
      };
      duration.toMillis(); // callers work in milliseconds: reject what they could not represent
      return duration;
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("duration too long: " + text, e);
    }
  }

  /** The shortest text {@link #parse} reads back as the same number of milliseconds. */
  public static String format(Duration duration) {
    long ms = duration.toMillis();
    if (ms != 0 && ms % 3_600_000 == 0) {
      return ms / 3_600_000 + "h";
    }
    if (ms != 0 && ms % 60_000 == 0) {
      return ms / 60_000 + "m";
    }
    if (ms != 0 && ms % 1000 == 0) {
      return ms / 1000 + "s";
    }
    return ms + "ms";
  }
}
