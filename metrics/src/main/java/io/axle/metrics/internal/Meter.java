package io.axle.metrics.internal;

import io.axle.Invocation;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.micrometer.core.instrument.Timer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The counters of one key (role, transport, operation, status). Written by any thread without a lock
 * or an allocation ({@link Recorder} and striped adders); read and reset by the window clock alone. Also
 * feeds the key's cumulative Micrometer {@link Timer}, looked up once when the meter is made.
 */
final class Meter {
  /** Three significant digits: 0.1% precision; microseconds, resized as larger values arrive. */
  static final int DIGITS = 3;

  final Role role;
  final String transport;
  final String operation;
  final Status status;
  private final Stage[] from;
  private final Stage[] to;
  private final Recorder latencyMicros = new Recorder(DIGITS);
  /** Cumulative, never reset: for Prometheus. */
  private final Timer timer;
  private final LongAdder[] stageSum;
  private final LongAdder[] stageCount;
  private final LongAccumulator[] stageMax;
  /** The clock thread's: the histogram handed back to the recorder at the next window. */
  private Histogram recycle;

  Meter(Role role, String transport, String operation, Status status, Timer timer) {
    this.timer = timer;
    this.role = role;
    this.transport = transport;
    this.operation = operation;
    this.status = status;
    this.from = Spans.from(role);
    this.to = Spans.to(role);
    int spans = from.length;
    stageSum = new LongAdder[spans];
    stageCount = new LongAdder[spans];
    stageMax = new LongAccumulator[spans];
    for (int i = 0; i < spans; i++) {
      stageSum[i] = new LongAdder();
      stageCount[i] = new LongAdder();
      stageMax[i] = new LongAccumulator(Math::max, 0);
    }
  }

  /** One call ended: its latency and, for each stage it went through, the nanoseconds it spent there. */
  void record(long latencyNanos, Invocation invocation) {
    latencyMicros.recordValue(latencyNanos / 1000);
    timer.record(latencyNanos, TimeUnit.NANOSECONDS);
    for (int i = 0; i < from.length; i++) {
      long start = invocation.stageNanos(from[i]);
      long end = invocation.stageNanos(to[i]);
      if (start != 0 && end != 0) {
        long nanos = Math.max(0, end - start);
        stageSum[i].add(nanos);
        stageCount[i].increment();
        stageMax[i].accumulate(nanos);
      }
    }
  }

  /** The latencies recorded since the last call (clock thread only); valid until the next call. */
  Histogram intervalHistogram() {
    recycle = latencyMicros.getIntervalHistogram(recycle);
    return recycle;
  }

  /** Adds this window's stage sums, counts and maxima into the arrays, and resets them. */
  void drainStages(long[] sums, long[] counts, long[] maxima) {
    for (int i = 0; i < from.length; i++) {
      sums[i] += stageSum[i].sumThenReset();
      counts[i] += stageCount[i].sumThenReset();
      maxima[i] = Math.max(maxima[i], stageMax[i].getThenReset());
    }
  }
}
