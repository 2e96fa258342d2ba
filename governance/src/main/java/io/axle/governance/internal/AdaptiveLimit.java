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
import java.util.Optional;

/**
 * The provider's adaptive concurrency limit (Netflix concurrency-limits): a limit on the calls
 * queued or running, learned from their latency, from admission to answer, so that time spent in
 * the executor's queue counts. Above it a call is refused before it is queued. An answer is a
 * sample; a call that expired in the queue or was refused later is a drop, which lowers the
 * limit; a failure of the method is ignored (a fast failure says nothing about capacity).
 */
public final class AdaptiveLimit implements Admission {
  private final SimpleLimiter<Void> limiter;
  private final Settings settings;

  /** The resolved settings of one limit; operations whose settings and key are equal share it. */
  public record Settings(KeyedSetting<String> algorithm, KeyedSetting<Integer> initial, KeyedSetting<Integer> min,
      KeyedSetting<Integer> max) {
    public static Settings of(AxleConfig config, KeyedSetting<String> algorithm, String... path) {
      Settings settings = new Settings(algorithm, KeyedSetting.of(config, GovernanceKeys.ADAPTIVE_LIMIT_INITIAL, path),
          KeyedSetting.of(config, GovernanceKeys.ADAPTIVE_LIMIT_MIN, path),
          KeyedSetting.of(config, GovernanceKeys.ADAPTIVE_LIMIT_MAX, path));
      if (settings.min.value() > settings.max.value()) {
        throw new IllegalArgumentException(settings.min + " (expected: at most " + settings.max + ")");
      }
      if (settings.initial.value() < settings.min.value() || settings.initial.value() > settings.max.value()) {
        throw new IllegalArgumentException(settings.initial + " (expected: between " + settings.min + " and "
            + settings.max + ")");
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
    if (Outcomes.dropped(response)) {
      admitted.onDropped();
    } else if (Outcomes.failed(response)) {
      admitted.onIgnore();
    } else {
      admitted.onSuccess();
    }
  }

  /** The limit as learned now. */
  public int limit() {
    return limiter.getLimit();
  }

  /** Calls admitted and not yet answered. */
  public int inflight() {
    return limiter.getInflight();
  }

  @Override
  public String refusal() {
    return "its adaptive concurrency limit, " + limiter.getLimit() + " calls now, was reached ("
        + settings.algorithm + ")";
  }

  @Override
  public String name() {
    return "adaptive-limit(" + settings.algorithm.value() + ", " + settings.min.value() + ".."
        + settings.max.value() + ", from " + settings.initial.value() + ")";
  }
}
