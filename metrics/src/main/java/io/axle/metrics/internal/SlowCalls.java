package io.axle.metrics.internal;

import io.axle.Call;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import java.util.Locale;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Slow calls, copied on the call's thread (the only allocation of this module on a call's path, and
 * only for a call over the threshold) and logged once each by the metrics thread, so that a call never
 * waits for a log appender. At most {@value #MAX_PENDING} wait; beyond that they are counted and the
 * count is logged instead.
 */
final class SlowCalls {
  static final int MAX_PENDING = 256;

  private record SlowCall(Role role, String transport, String operation, Status status, long latencyNanos,
      long[] stamps) {
  }

  private final ConcurrentLinkedQueue<SlowCall> pending = new ConcurrentLinkedQueue<>();
  private final AtomicInteger size = new AtomicInteger();
  private final AtomicLong dropped = new AtomicLong();

  void add(Call invocation, String transport, Status status, long latencyNanos) {
    if (size.incrementAndGet() > MAX_PENDING) {
      size.decrementAndGet();
      dropped.incrementAndGet();
      return;
    }
    Stage[] stages = Stage.values();
    long[] stamps = new long[stages.length];
    for (int i = 0; i < stages.length; i++) {
      stamps[i] = invocation.stageNanos(stages[i]);
    }
    pending.add(new SlowCall(invocation.role(), transport, invocation.operation().qualifiedName(), status,
        latencyNanos, stamps));
  }

  /** Logs every pending slow call, once. */
  void drain(LogSink sink) {
    SlowCall call;
    while ((call = pending.poll()) != null) {
      size.decrementAndGet();
      sink.slow(format(call));
    }
    long lost = dropped.getAndSet(0);
    if (lost > 0) {
      sink.slow(lost + " more slow calls not logged (more than " + MAX_PENDING + " waiting)");
    }
  }

  /**
   * {@code slow consumer highway EchoService.sleepEcho 52.310ms status=OK stages(us) prepare=12 …
   * trace(us) CONSUMER_SEND=12 …}: each stage's time, then each event's time from the first.
   */
  private static String format(SlowCall call) {
    StringBuilder line = new StringBuilder(256);
    line.append("slow ").append(call.role.name().toLowerCase(Locale.ROOT)).append(' ').append(call.transport)
        .append(' ').append(call.operation).append(' ')
        .append(String.format(Locale.ROOT, "%.3fms", call.latencyNanos / 1e6))
        .append(" status=").append(call.status).append(" stages(us)");
    String[] names = Spans.names(call.role);
    Stage[] from = Spans.from(call.role);
    Stage[] to = Spans.to(call.role);
    for (int i = 0; i < names.length; i++) {
      long start = call.stamps[from[i].ordinal()];
      long end = call.stamps[to[i].ordinal()];
      line.append(' ').append(names[i]).append('=');
      if (start != 0 && end != 0) {
        line.append((end - start) / 1000);
      } else {
        line.append('-');
      }
    }
    line.append(" trace(us)");
    Stage first = call.role == Role.CONSUMER ? Stage.CONSUMER_START : Stage.PROVIDER_RECEIVED;
    long origin = call.stamps[first.ordinal()];
    for (Stage stage : Stage.values()) {
      long at = call.stamps[stage.ordinal()];
      if (at != 0 && stage != first && stage.name().startsWith(call.role.name())) {
        line.append(' ').append(stage.name()).append('=').append((at - origin) / 1000);
      }
    }
    return line.toString();
  }
}
