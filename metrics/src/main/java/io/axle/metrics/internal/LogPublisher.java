package io.axle.metrics.internal;

import io.axle.policy.PolicyState;
import io.axle.Role;

import io.axle.metrics.CpuStats;
import io.axle.metrics.NetworkStats;
import io.axle.metrics.OperationStats;
import io.axle.metrics.PoolStats;
import io.axle.metrics.StageStats;
import io.axle.metrics.Window;
import java.util.Locale;

/**
 * Writes a window as short lines, readable while tuning:
 *
 * <pre>
 * consumer highway PerfService.echo tps=41234 avg=2.31ms p99=5.10ms max=12.40ms err=0
 * stages(avg/max us) prepare=3/40 encode=2/31 connection=5/80 send=4/52 wait=2280/12100 decode=3/29
 * cpu process=87% os=45% cores=2 pools: group[t=16 a=3 q=0 rej=0] net highway server in=1.2MB/s out=1.3MB/s
 * </pre>
 *
 * One line per role, transport and operation with calls in the window; with detail, a stage line after
 * each. The cpu line follows when the window had calls or rejections; it shows the pools that rejected
 * work in the window, or with detail every pool but {@code inline}, then the bytes per second of each
 * transport and side that had traffic.
 */
public final class LogPublisher {
  private final LogSink sink;
  private final boolean detail;

  public LogPublisher(LogSink sink, boolean detail) {
    this.sink = sink;
    this.detail = detail;
  }

  public void publish(Window window) {
    for (OperationStats stats : window.totals()) {
      sink.window(operationLine(stats));
      if (detail && !stats.stages().isEmpty()) {
        sink.window(stageLine(stats));
      }
    }
    for (OperationStats consumer : window.totals()) {
      if (consumer.role() == Role.CONSUMER) {
        OperationStats provider = window.total(Role.PROVIDER, consumer.transport(), consumer.operation());
        String gap = provider == null ? null : gapLine(consumer, provider);
        if (gap != null) {
          sink.window(gap);
        }
      }
    }
    boolean rejected = window.pools().stream().anyMatch(pool -> pool.rejected() > 0);
    if (!window.totals().isEmpty() || rejected) {
      sink.window(cpuLine(window));
    }
    if (!window.policies().isEmpty()) {
      sink.window(governanceLine(window));
    }
    if (window.spansConfigChange()) {
      sink.window(configLine(window));
    }
  }

  /**
   * {@code config v2 (actuator, 81397419e823) -> v3 (zookeeper /axle/config/orders, 757b9e19f6b8):
   * axle.executors.default: group -> inline}: in a window a change landed in, the calls before it ran
   * under the first version, those after under the second.
   */
  static String configLine(Window window) {
    return "config " + window.configAtStart() + " -> " + window.config() + ": "
        + String.join("; ", window.config().changes());
  }

  /** {@code governance breaker echo-service/EchoService.echo=OPEN adaptive-limit …=limit=24 inflight=20}. */
  static String governanceLine(Window window) {
    StringBuilder line = new StringBuilder("governance");
    for (PolicyState policy : window.policies()) {
      line.append(' ').append(policy.name()).append('=').append(policy.state());
    }
    return line.toString();
  }

  /**
   * The line of one operation and role. A provider's line also gives its average queue and execute
   * times, so where a provider's time goes can be read without the detail switch.
   */
  static String operationLine(OperationStats stats) {
    String line = String.format(Locale.ROOT, "%s %s %s tps=%.0f avg=%.2fms p99=%.2fms max=%.2fms err=%d",
        stats.role().name().toLowerCase(Locale.ROOT), stats.transport(), stats.operation(), stats.tps(),
        stats.avgMs(), stats.p99Ms(), stats.maxMs(), stats.errors());
    if (stats.retries() > 0) {
      line += " retries=" + stats.retries();
    }
    StageStats queue = stats.stage("queue");
    StageStats execute = stats.stage("execute");
    if (stats.role() == Role.PROVIDER && queue != null && execute != null) {
      line += String.format(Locale.ROOT, " queue=%.2fms execute=%.2fms", queue.avgMicros() / 1000,
          execute.avgMicros() / 1000);
    }
    return line;
  }

  /**
   * When the consumer and the provider of an operation live in one process, what the consumer
   * waited beside what the provider spent queued and executing in the same window:
   * {@code gap highway PerfService.echo consumer wait=2.28ms provider queue+execute=0.41ms rest=1.87ms},
   * where the rest is the network, the event loops and the write paths. Null without both stages.
   */
  static String gapLine(OperationStats consumer, OperationStats provider) {
    StageStats wait = consumer.stage("wait");
    StageStats queue = provider.stage("queue");
    StageStats execute = provider.stage("execute");
    if (wait == null || queue == null || execute == null) {
      return null;
    }
    double waitMs = wait.avgMicros() / 1000;
    double spentMs = (queue.avgMicros() + execute.avgMicros()) / 1000;
    return String.format(Locale.ROOT, "gap %s %s consumer wait=%.2fms provider queue+execute=%.2fms rest=%.2fms",
        consumer.transport(), consumer.operation(), waitMs, spentMs, waitMs - spentMs);
  }

  static String stageLine(OperationStats stats) {
    StringBuilder line = new StringBuilder("stages(avg/max us)");
    for (StageStats stage : stats.stages()) {
      line.append(' ').append(stage.name()).append('=').append(Math.round(stage.avgMicros())).append('/')
          .append(Math.round(stage.maxMicros()));
    }
    return line.toString();
  }

  private String cpuLine(Window window) {
    CpuStats cpu = window.cpu();
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "cpu process=%s os=%s cores=%s",
        percent(cpu.processPercent()), percent(cpu.osPercent()), cores(cpu.cores())));
    boolean first = true;
    for (PoolStats pool : window.pools()) {
      if (detail ? !pool.kind().equals("INLINE") : pool.rejected() > 0) {
        line.append(first ? " pools:" : "").append(' ').append(pool.name()).append("[t=").append(pool.threads())
            .append(" a=").append(pool.active()).append(" q=").append(pool.queued()).append(" rej=")
            .append(pool.rejected()).append(']');
        first = false;
      }
    }
    appendNetwork(line, window);
    return line.toString();
  }

  /**
   * {@code net highway server in=1.2MB/s out=1.3MB/s rest client in=…}: per transport and side with traffic,
   * every endpoint together (decimal units).
   */
  static void appendNetwork(StringBuilder line, Window window) {
    java.util.Map<String, double[]> sums = new java.util.LinkedHashMap<>();
    for (NetworkStats stats : window.network()) {
      double[] sum = sums.computeIfAbsent(stats.transport() + ' ' + stats.side(), k -> new double[2]);
      sum[0] += stats.bytesInPerSecond();
      sum[1] += stats.bytesOutPerSecond();
    }
    boolean first = true;
    for (java.util.Map.Entry<String, double[]> entry : sums.entrySet()) {
      line.append(first ? " net " : " ").append(entry.getKey()).append(" in=").append(rate(entry.getValue()[0]))
          .append(" out=").append(rate(entry.getValue()[1]));
      first = false;
    }
  }

  static String rate(double bytesPerSecond) {
    if (bytesPerSecond < 1e3) {
      return Math.round(bytesPerSecond) + "B/s";
    }
    if (bytesPerSecond < 1e6) {
      return String.format(Locale.ROOT, "%.1fkB/s", bytesPerSecond / 1e3);
    }
    if (bytesPerSecond < 1e9) {
      return String.format(Locale.ROOT, "%.1fMB/s", bytesPerSecond / 1e6);
    }
    return String.format(Locale.ROOT, "%.1fGB/s", bytesPerSecond / 1e9);
  }

  private static String percent(double value) {
    return Double.isNaN(value) ? "n/a" : Math.round(value) + "%";
  }

  private static String cores(double cores) {
    return cores == Math.rint(cores) ? Long.toString((long) cores) : String.format(Locale.ROOT, "%.2f", cores);
  }
}
