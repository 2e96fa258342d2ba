package io.axle.perf.report.html;

import java.util.Locale;

/** Numbers as people read them: grouped thousands, as many decimals as the size deserves. */
final class Human {

  private Human() {
  }

  /** Calls per second: {@code 123,457}; below 100 one decimal ({@code 42.5}). */
  static String tps(double tps) {
    return Math.abs(tps) < 100 ? format("%.1f", tps) : format("%,.0f", tps);
  }

  /** Milliseconds with about three significant digits: {@code 0.0412}, {@code 0.823}, {@code 2.31}, {@code 23.1}, {@code 1,204}. */
  static String ms(double ms) {
    double abs = Math.abs(ms);
    if (abs == 0) {
      return "0";
    }
    if (abs < 0.1) {
      return format("%.4f", ms);
    }
    if (abs < 1) {
      return format("%.3f", ms);
    }
    if (abs < 10) {
      return format("%.2f", ms);
    }
    return abs < 100 ? format("%.1f", ms) : format("%,.0f", ms);
  }

  static String count(long count) {
    return format("%,d", count);
  }

  static String seconds(double seconds) {
    return format("%.1f s", seconds);
  }

  /**
   * An axis tick: just the decimals the step needs ({@code 0.25}, {@code 2.5}), thousands as {@code k}
   * when the step is whole thousands ({@code 20k}), so labels stay short under a narrow axis.
   */
  static String tick(double value, double step) {
    if (value == 0) {
      return "0";
    }
    if (step >= 1000 && Math.abs(step % 1000) < 1e-9) {
      return format("%,.0fk", value / 1000);
    }
    int decimals = 0;
    while (decimals < 6 && Math.abs(step * Math.pow(10, decimals) - Math.rint(step * Math.pow(10, decimals))) > 1e-6) {
      decimals++;
    }
    return format("%,." + decimals + "f", value);
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
