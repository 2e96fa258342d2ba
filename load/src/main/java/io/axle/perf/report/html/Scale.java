package io.axle.perf.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * A linear axis from 0 to a round maximum with four to eight ticks at round steps (1, 2, 2.5 or 5 times a
 * power of ten), so gridlines fall on numbers a reader can use.
 */
record Scale(double max, double step) {

  private static final int TARGET_TICKS = 5;

  static Scale upTo(double value) {
    if (!(value > 0) || !Double.isFinite(value)) {
      return new Scale(1, 0.2);
    }
    double raw = value / TARGET_TICKS;
    double power = Math.pow(10, Math.floor(Math.log10(raw)));
    double step = power * 10;
    for (double m : new double[] {1, 2, 2.5, 5}) {
      if (m * power >= raw) {
        step = m * power;
        break;
      }
    }
    return new Scale(Math.ceil(value / step - 1e-9) * step, step);
  }

  List<Double> ticks() {
    List<Double> ticks = new ArrayList<>();
    for (int i = 0; i * step <= max + step / 1e6; i++) {
      ticks.add(i * step);
    }
    return ticks;
  }
}
