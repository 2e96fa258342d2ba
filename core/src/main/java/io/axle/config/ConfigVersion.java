package io.axle.config;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * The configuration a running service runs: number 1 is the one it started with, and each change it took
 * ({@code Axle.reconfigure}) counts one up. Two instances whose {@link #hash} is the same run the same
 * configuration, whatever their numbers, which count the changes each took.
 *
 * @param number counts from 1, the start, up by one per change taken
 * @param source where the change came from ({@code start} for the first), e.g. {@code actuator}
 * @param hash the first 12 hex digits of a SHA-256 over every key and value in force, in key order
 * @param appliedAt when it took effect
 * @param changes what it changed, one {@code key: old -> new} per key ({@code unset} for none); empty at start
 */
public record ConfigVersion(long number, String source, String hash, Instant appliedAt, List<String> changes) {
  public ConfigVersion {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(hash, "hash");
    Objects.requireNonNull(appliedAt, "appliedAt");
    changes = List.copyOf(changes);
  }

  /** {@code v3 (actuator, 1a2b3c4d5e6f)}: how windows, logs and health details name it. */
  @Override
  public String toString() {
    return "v" + number + " (" + source + ", " + hash + ")";
  }
}
