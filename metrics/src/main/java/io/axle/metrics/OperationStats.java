package io.axle.metrics;

import io.axle.Role;
import io.axle.Status;
import java.util.List;

/**
 * The calls of one key over one window: role, transport, operation and status. In
 * {@link Window#totals()} the status is {@code null}: the row covers every status of the operation.
 *
 * <p>Latency is consumer {@code CONSUMER_END - CONSUMER_START}, provider {@code PROVIDER_SENT} (or the
 * end, if the answer was never written) {@code - PROVIDER_RECEIVED}, recorded in microseconds in an
 * HdrHistogram with three significant digits, exact for the window (nothing carried over).
 *
 * @param role consumer or provider
 * @param transport {@code highway}, {@code rest}, or {@code none} when the call failed before one was chosen
 * @param operation {@code schemaId.operation}
 * @param status the outcome, or {@code null} in a total row
 * @param count calls that ended in the window
 * @param tps {@code count} per second of window
 * @param errors calls whose status was not {@link Status#OK}
 * @param retries attempts these calls sent after their first, unseen by their callers: retries and
 *     hedges (consumer rows; 0 on a provider's)
 * @param avgMs mean latency in milliseconds
 * @param p50Ms median latency in milliseconds
 * @param p90Ms 90th percentile in milliseconds
 * @param p99Ms 99th percentile in milliseconds
 * @param p999Ms 99.9th percentile in milliseconds
 * @param maxMs longest latency in milliseconds
 * @param stages per-stage average and maximum, in the order the stages happen; a stage no call
 *     reached both events of is left out
 */
public record OperationStats(Role role, String transport, String operation, Status status, long count,
    double tps, long errors, long retries, double avgMs, double p50Ms, double p90Ms, double p99Ms, double p999Ms,
    double maxMs, List<StageStats> stages) {

  public OperationStats {
    stages = List.copyOf(stages);
  }

  /** The stage of that name, or {@code null} if no call of the window went through it. */
  public StageStats stage(String name) {
    for (StageStats stage : stages) {
      if (stage.name().equals(name)) {
        return stage;
      }
    }
    return null;
  }
}
