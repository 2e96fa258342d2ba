package io.axle.metrics.observation;

import io.axle.Axle;
import io.micrometer.observation.ObservationRegistry;
import java.util.Objects;

/**
 * Makes every call an Observation on {@code registry}: {@value #CLIENT} on the consumer, around the
 * whole call (its retries and failover inside), and {@value #SERVER} on the provider, around the
 * operation. The consumer's is a sender observation whose carrier is the call's context entries, the
 * provider's a receiver observation that reads them: with a tracing bridge registered, the trace context
 * (W3C {@code traceparent}, {@code tracestate}, {@code baggage}) travels in highway's context entries and in
 * REST's headers, and the provider's span is the child of the consumer's. The provider's observation is
 * current (in scope) while the operation's code runs on its executor thread, so that log lines there carry
 * the trace and span ids, and calls it makes become children of it.
 *
 * <p>Without tracing nothing is installed: a registry that is {@link ObservationRegistry#isNoop() no-op}
 * gets no filters, and a call carries no extra bytes.
 */
public final class AxleObservations {
  /** The consumer's observation: one per call, retries and failover included. */
  public static final String CLIENT = "axle.client";
  /** The provider's observation: one per call served. */
  public static final String SERVER = "axle.server";

  private AxleObservations() {
  }

  /**
   * Adds the consumer and the provider filter to {@code builder}, outermost of those added after it; does
   * nothing for a no-op registry.
   *
   * @return {@code builder}
   */
  public static Axle.Builder install(Axle.Builder builder, ObservationRegistry registry) {
    return install(builder, registry, false);
  }

  /**
   * As {@link #install(Axle.Builder, ObservationRegistry)}; with {@code stages}, each span also carries the
   * time of each stage the call has gone through (docs/metrics.md's stages) as {@code axle.stage.<name>.us}
   * attributes ({@code axle.observation.stages}).
   */
  public static Axle.Builder install(Axle.Builder builder, ObservationRegistry registry, boolean stages) {
    Objects.requireNonNull(builder, "builder");
    if (registry == null || registry.isNoop()) {
      return builder;
    }
    builder.consumerFilter(ObservationFilter.client(registry, stages));
    builder.providerFilter(ObservationFilter.server(registry, stages));
    return builder;
  }
}
