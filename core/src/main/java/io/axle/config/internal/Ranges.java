package io.axle.config.internal;

/** Words for an integer range, leaving out a bound that is just the type's limit. */
final class Ranges {

  private Ranges() {
  }

  static String describe(long min, long max, long typeMin, long typeMax) {
    if (min == typeMin && max == typeMax) {
      return "an integer";
    }
    if (max == typeMax) {
      return "an integer >= " + min;
    }
    if (min == typeMin) {
      return "an integer <= " + max;
    }
    return "an integer in [" + min + ", " + max + "]";
  }
}
