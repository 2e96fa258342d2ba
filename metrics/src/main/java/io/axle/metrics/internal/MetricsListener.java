package io.axle.metrics.internal;

import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;

/**
 * Records each call once, at its end, from its stage timestamps; hears nothing per stage. Per call: a
 * meter look-up, one compare-and-set to take a stripe of the meter, and plain writes of the latency and
 * the stages there ({@link Meter}); no lock, no allocation (but for a slow call that is logged).
 */
public final class MetricsListener implements InvocationListener {
  /** The transport of a call that failed before one was chosen. */
  public static final String NO_TRANSPORT = "none";

  final Meters meters;
  final SlowCalls slowCalls = new SlowCalls();
  private volatile long consumerSlowNanos;
  private volatile long providerSlowNanos;
  private final Runnable onSlow;

  /**
   * @param consumerSlowNanos consumer calls at least this long are logged as slow; {@link Long#MAX_VALUE}: none
   * @param providerSlowNanos the same for provider calls
   * @param onSlow run after a slow call was queued, to log it soon (must not block)
   * @param instruments the registry each key's cumulative timer is registered with
   */
  public MetricsListener(long consumerSlowNanos, long providerSlowNanos, Runnable onSlow, Instruments instruments) {
    this.meters = new Meters(instruments);
    this.consumerSlowNanos = consumerSlowNanos;
    this.providerSlowNanos = providerSlowNanos;
    this.onSlow = onSlow;
  }

  /** New thresholds for the calls that end from now on (a configuration change); {@link Long#MAX_VALUE}: none. */
  public void slowThresholds(long consumerSlowNanos, long providerSlowNanos) {
    this.consumerSlowNanos = consumerSlowNanos;
    this.providerSlowNanos = providerSlowNanos;
  }

  @Override
  public void onEnd(Call invocation, Response response) {
    Role role = invocation.role();
    long start;
    long end;
    long slowNanos;
    if (role == Role.CONSUMER) {
      start = invocation.stageNanos(Stage.CONSUMER_START);
      end = invocation.stageNanos(Stage.CONSUMER_END);
      slowNanos = consumerSlowNanos;
    } else {
      start = invocation.stageNanos(Stage.PROVIDER_RECEIVED);
      end = invocation.stageNanos(Stage.PROVIDER_SENT);
      slowNanos = providerSlowNanos;
    }
    if (end == 0) {
      end = System.nanoTime();
    }
    long latency = Math.max(0, end - start);
    String transport = invocation.transport();
    if (transport == null) {
      transport = NO_TRANSPORT;
    }
    Status status = response.status();
    meters.meter(role, transport, invocation.operation().qualifiedName(), status).record(latency, invocation);
    if (latency >= slowNanos) {
      slowCalls.add(invocation, transport, status, latency);
      onSlow.run();
    }
  }

  /** Logs every slow call waiting, once each. */
  public void drainSlowCalls(LogSink sink) {
    slowCalls.drain(sink);
  }
}
