package io.axle.governance.internal;

import com.netflix.concurrency.limits.Limit;
import com.netflix.concurrency.limits.Limiter;
import com.netflix.concurrency.limits.limit.Gradient2Limit;
import com.netflix.concurrency.limits.limit.VegasLimit;
import com.netflix.concurrency.limits.limiter.SimpleLimiter;
import io.axle.Response;
import io.axle.config.AxleConfig;
import io.axle.governance.GovernanceKeys;
import io.axle.policy.Admission;
import io.axle.policy.PolicyState;
import java.util.Optional;

/**
 * The provider's adaptive concurrency limit (Netflix concurrency-limits): a limit on the calls
 * queued or running, learned from their latency, from admission to answer, so that time spent in
 * the executor's queue counts. Above it a call is refused before it is queued. An answer is a
 * sample; a call that expired in the queue or ended {@code OVERLOADED} / {@code DEADLINE_EXCEEDED}
 * is reported dropped (Vegas backs off on a drop; Gradient2 takes it as a sample like any other); a
 * call that never ran (refused by a later check, a full queue) and a failure of the method are
 * ignored: neither says anything about how long calls take.
 */
public final class AdaptiveLimit implements Admission {
  private final SimpleLimiter<Void> limiter;
  private final Settings settings;

  /** The resolved settings of one limit; operations whose settings and key are equal share it. */
  public record Settings(KeyedSetting<String> algorithm, KeyedSetting<Integer> initial, KeyedSetting<Integer> min,
      KeyedSetting<Integer> max, KeyedSetting<Integer> rttTolerancePercent) {
    public static Settings of(AxleConfig config, KeyedSetting<String> algorithm, String... path) {
      Settings settings = new Settings(algorithm, KeyedSetting.of(config, GovernanceKeys.ADAPTIVE_LIMIT_INITIAL, path),
          KeyedSetting.of(config, GovernanceKeys.ADAPTIVE_LIMIT_MIN, path),
          KeyedSetting.of(config, GovernanceKeys.ADAPTIVE_LIMIT_MAX, path),
          KeyedSetting.of(config, GovernanceKeys.ADAPTIVE_LIMIT_RTT_TOLERANCE, path));
      // Vegas has no floor of its own (min-limit is Gradient2's), so only Gradient2's min is checked.
      boolean floored = algorithm.value().equals("gradient2");
      if (floored && settings.min.value() > settings.max.value()) {
        throw new IllegalArgumentException(settings.min + " (expected: at most " + settings.max + ")");
      }
      if (floored && settings.initial.value() < settings.min.value()) {
        throw new IllegalArgumentException(settings.initial + " (expected: at least " + settings.min + ")");
      }
      if (settings.initial.value() > settings.max.value()) {
        throw new IllegalArgumentException(settings.initial + " (expected: at most " + settings.max + ")");
      }
      return settings;
    }
  }

  public AdaptiveLimit(Settings settings) {
    this.settings = settings;
    Limit limit = switch (settings.algorithm.value()) {
      case "vegas" -> VegasLimit.newBuilder()
          .initialLimit(settings.initial.value())
          .maxConcurrency(settings.max.value())
          .build();
      case "gradient2" -> Gradient2Limit.newBuilder()
          .initialLimit(settings.initial.value())
          .minLimit(settings.min.value())
          .maxConcurrency(settings.max.value())
          .rttTolerance(settings.rttTolerancePercent.value() / 100.0)
          .build();
      default -> throw new IllegalArgumentException(settings.algorithm + " (expected: gradient2 or vegas)");
    };
    this.limiter = SimpleLimiter.newBuilder().named(settings.algorithm.key()).limit(limit).build();
  }

  @Override
  public Ticket tryAdmit() {
    Optional<Limiter.Listener> listener = limiter.acquire(null);
    if (listener.isEmpty()) {
      return null;
    }
    Limiter.Listener admitted = listener.get();
    return response -> release(admitted, response);
  }

  private static void release(Limiter.Listener admitted, Response response) {
    if (response.error() != null && response.error().isNotRun()) {
      admitted.onIgnore();
    } else if (Outcomes.dropped(response)) {
      admitted.onDropped();
    } else if (Outcomes.failed(response)) {
      admitted.onIgnore();
    } else {
      admitted.onSuccess();
    }
  }

  /** {@code adaptive-limit <key>} = {@code limit=24 inflight=20}, for a metrics window. */
  public PolicyState state() {
    return new PolicyState("adaptive-limit " + settings.algorithm.key(),
        "limit=" + limiter.getLimit() + " inflight=" + limiter.getInflight());
  }

  @Override
  public String refusal() {
    return "its adaptive concurrency limit, " + limiter.getLimit() + " calls now, was reached ("
        + settings.algorithm + ")";
  }

  @Override
  public String name() {
    String floor = settings.algorithm.value().equals("gradient2") ? Integer.toString(settings.min.value()) : "1";
    return "adaptive-limit(" + settings.algorithm.value() + ", " + floor + ".." + settings.max.value() + ", from "
        + settings.initial.value() + ")";
  }
}
