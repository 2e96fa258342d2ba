package io.axle.config;

import io.axle.config.internal.Durations;
import java.time.Duration;
import java.util.Locale;

/**
 * The value of {@code axle.governance.hedge.delay}: a fixed time ({@code 50ms}) or a percentile of the
 * operation's latency as this consumer observes it ({@code p95}).
 */
public record HedgeDelay(Duration fixed, int perMille) {
  /** Exactly one of the two: a fixed delay above 0, or a percentile from 500 (p50) to 999 (p99.9) in thousandths. */
  public HedgeDelay {
    if (fixed != null ? fixed.isZero() || fixed.isNegative() || perMille != 0 : perMille < 500 || perMille > 999) {
      throw new IllegalArgumentException("hedge delay " + fixed + " / " + perMille + " (expected: " + EXPECTED + ")");
    }
  }

  /** What a valid value looks like, for error messages. */
  public static final String EXPECTED = "a duration above 0 such as 50ms, or a percentile of the operation's latency"
      + " from p50 to p99.9 such as p95";

  /** @throws IllegalArgumentException for text that is neither */
  public static HedgeDelay parse(String text) {
    String trimmed = text.trim().toLowerCase(Locale.ROOT);
    if (trimmed.startsWith("p")) {
      double value = Double.parseDouble(trimmed.substring(1));
      if (!(value >= 50 && value <= 99.9)) {
        throw new IllegalArgumentException("percentile out of range: " + text);
      }
      return new HedgeDelay(null, (int) Math.round(value * 10));
    }
    Duration fixed = Durations.parse(trimmed);
    if (fixed.isZero() || fixed.isNegative()) {
      throw new IllegalArgumentException("not above 0: " + text);
    }
    return new HedgeDelay(fixed, 0);
  }

  @Override
  public String toString() {
    if (fixed != null) {
      return fixed.toMillis() + " ms";
    }
    // Two branches, not one conditional expression, which would promote the int to a double ("p95.0").
    if (perMille % 10 == 0) {
      return "p" + perMille / 10;
    }
    return "p" + perMille / 10.0;
  }
}
