package io.axle.perf.report.html;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * A chart's horizontal axis: its title, where an x value falls as a fraction of the plot's width
 * ({@code position}: 0 at the left edge, 1 at the right), and its ticks.
 */
record XAxis(String title, DoubleUnaryOperator position, List<Tick> ticks) {

  /** A tick at {@code at} (an x value) labelled {@code label}. */
  record Tick(double at, String label) {
  }

  /** Beyond six nines a run would need millions of calls in its tail to say anything. */
  static final int MAX_NINES = 6;

  /** 0 at the left edge of the plot, 1 at the right; values outside the axis are clamped. */
  double fraction(double x) {
    double fraction = position.applyAsDouble(x);
    return Math.max(0, Math.min(1, Double.isNaN(fraction) ? 0 : fraction));
  }

  /** From 0 to a round maximum at or above {@code max}, e.g. seconds into a run. */
  static XAxis linear(String title, double max) {
    Scale scale = Scale.upTo(max);
    return new XAxis(title, x -> x / scale.max(),
        scale.ticks().stream().map(t -> new Tick(t, Human.tick(t, scale.step()))).toList());
  }

  /** About how wide a character of a tick label is, in pixels (11 px text). */
  static final double CHAR_PIXELS = 6.5;

  /**
   * Labels evenly spaced, the i-th at x = i, half a step from either edge: swept values. When the labels are too long
   * for their slots, only every k-th keeps its text (the first among them), so that none overlap; every value still
   * has its tick, and the page's table names them all.
   */
  static XAxis categories(String title, List<String> labels) {
    int longest = labels.stream().mapToInt(String::length).max().orElse(0);
    double slot = (double) LineChart.PLOT_WIDTH / Math.max(1, labels.size());
    int every = Math.max(1, (int) Math.ceil((longest * CHAR_PIXELS + 8) / slot));
    List<Tick> ticks = new ArrayList<>();
    for (int i = 0; i < labels.size(); i++) {
      ticks.add(new Tick(i, i % every == 0 ? labels.get(i) : ""));
    }
    return new XAxis(title, x -> (x + 0.5) / labels.size(), ticks);
  }

  /**
   * Percentiles on a "nines" scale: x is {@code -log10(1 - p/100)}, so 0, 90, 99, 99.9 … are equally
   * spaced and the tail gets as much room as the median. 100 % (the maximum) sits at the right edge.
   *
   * @param nines how many nines the axis shows, 1 to {@link #MAX_NINES}
   */
  static XAxis nines(String title, int nines) {
    List<Tick> ticks = new ArrayList<>();
    for (int n = 0; n <= nines; n++) {
      double percentile = 100 - 100 / Math.pow(10, n);
      ticks.add(new Tick(percentile, n == 0 ? "0" : new BigDecimal(percentile)
          .setScale(Math.max(0, n - 2), RoundingMode.HALF_UP).toPlainString()));
    }
    return new XAxis(title, percentile -> ninesOf(percentile) / nines, ticks);
  }

  /** Infinite for 100. */
  static double ninesOf(double percentile) {
    return percentile >= 100 ? Double.POSITIVE_INFINITY : -Math.log10(1 - percentile / 100);
  }
}
