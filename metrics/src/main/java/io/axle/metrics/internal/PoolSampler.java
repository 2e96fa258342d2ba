package io.axle.metrics.internal;

import io.axle.executor.AxleExecutor;
import io.axle.executor.ExecutorStats;
import io.axle.metrics.PoolStats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** The runtime's executors at the end of each window; rejections as the difference of the cumulative count. */
public final class PoolSampler {
  private final Supplier<Map<String, AxleExecutor>> executors;
  private final Map<String, Long> lastRejected = new HashMap<>();

  public PoolSampler(Supplier<Map<String, AxleExecutor>> executors) {
    this.executors = executors;
    sample();
  }

  public List<PoolStats> sample() {
    List<PoolStats> pools = new ArrayList<>();
    executors.get().forEach((name, executor) -> {
      ExecutorStats stats = executor.stats();
      Long last = lastRejected.put(name, stats.rejected());
      // Fewer than last time: a configuration change replaced the pool under this name, counting from 0.
      long rejected = last == null || last > stats.rejected() ? stats.rejected() : stats.rejected() - last;
      pools.add(new PoolStats(name, executor.kind().name(), stats.threads(), stats.active(), stats.queued(),
          Math.max(0, rejected)));
    });
    return pools;
  }
}
