package io.axle.perf.baseline;

/**
 * The baseline's two transport names, as the producer's ready line, {@code axle.registry.local.perf1} and the
 * JSON's {@code "transport"} spell them.
 */
public final class Baseline {
  /** The raw TCP echo: 4-byte big-endian length, then the payload; every frame is echoed. */
  public static final String TCP = "baseline";

  /** The raw HTTP echo: POST any path; a {@code {"message":…}} body is answered with its value, as REST would. */
  public static final String REST = "baseline-rest";

  private Baseline() {
  }

  /** Whether {@code transport} is one of the baseline's rather than Axle's. */
  public static boolean isBaseline(String transport) {
    return TCP.equals(transport) || REST.equals(transport);
  }
}
