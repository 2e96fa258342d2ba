/**
 * Implementation of {@link io.axle.metrics.AxleMetrics}: the per-key meters written on the hot path,
 * the window aggregation, the CPU and pool samplers and the log publisher. Not an API.
 */
package io.axle.metrics.internal;
