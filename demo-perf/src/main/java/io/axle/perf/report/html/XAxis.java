package io.axle.perf.report.html;

import java.util.ArrayList;
import java.util.List;

/** A chart's horizontal axis: maps an x value to a fraction of the plot's width and says where its ticks go. */
interface XAxis {

  /** A tick at {@code at} (an x value) labelled {@code label}. */
  record Tick(double at, String label) {
  }

  String title();

  /** 0 at the left edge of the plot, 1 at the right; values outside the axis are clamped. */
  double fraction(double x);

  List<Tick> ticks();

  /** From 0 to a round maximum at or above {@code max}, e.g. seconds into a run. */
  static XAxis linear(String title, double max) {
    Scale scale = Scale.upTo(max);
    return new XAxis() {
      @Override
      public String title() {
        return title;
      }

      @Override
      public double fraction(double x) {
        return clamp(x / scale.max());
      }

      @Override
      public List<Tick> ticks() {
        return scale.ticks().stream().map(t -> new Tick(t, Human.tick(t, scale.step()))).toList();
      }
    };
  }

  /** Labels evenly spaced, the i-th at x = i, half a step from either edge: swept values. */
  static XAxis categories(String title, List<String> labels) {
    return new XAxis() {
      @Override
      public String title() {
        return title;
      }

      @Override
      public double fraction(double x) {
        return clamp((x + 0.5) / labels.size());
      }

      @Override
      public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
          ticks.add(new Tick(i, labels.get(i)));
        }
        return ticks;
      }
    };
  }

  /**
   * Percentiles on a "nines" scale: x is {@code -log10(1 - p/100)}, so 0, 90, 99, 99.9 … are equally
   * spaced and the tail gets as much room as the median. 100 % (the maximum) sits at the right edge.
   *
   * @param nines how many nines the axis shows, 1 to {@link #MAX_NINES}
   */
  static XAxis nines(String title, int nines) {
    return new XAxis() {
      @Override
      public String title() {
        return title;
      }

      @Override
      public double fraction(double percentile) {
        return clamp(ninesOf(percentile) / nines);
      }

      @Override
      public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        for (int n = 0; n <= nines; n++) {
          double percentile = 100 - 100 / Math.pow(10, n);
          ticks.add(new Tick(percentile, n == 0 ? "0" : new java.math.BigDecimal(percentile)
              .setScale(Math.max(0, n - 2), java.math.RoundingMode.HALF_UP).toPlainString()));
        }
        return ticks;
      }
    };
  }

  /** Beyond six nines a run would need millions of calls in its tail to say anything. */
  int MAX_NINES = 6;

  /** Infinite for 100. */
  static double ninesOf(double percentile) {
    return percentile >= 100 ? Double.POSITIVE_INFINITY : -Math.log10(1 - percentile / 100);
  }

  private static double clamp(double fraction) {
    return Math.max(0, Math.min(1, Double.isNaN(fraction) ? 0 : fraction));
  }
}
