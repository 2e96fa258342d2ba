/**
 * Metrics windows for an Axle runtime: {@link io.axle.metrics.AxleMetrics} hears every call through an
 * {@link io.axle.InvocationListener} and, once per {@code axle.metrics.window_time}, closes a
 * {@link io.axle.metrics.Window} of per-operation TPS, latency percentiles, errors and stage timings,
 * executor pools and CPU, which it logs and hands to window listeners. See docs/metrics.md.
 */
package io.axle.metrics;
