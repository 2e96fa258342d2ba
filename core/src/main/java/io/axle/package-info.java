/**
 * Axle's public API: the {@link io.axle.Axle} runtime and its builder, the {@link io.axle.Call}
 * that filters and listeners see of one call, the {@link io.axle.Filter} type shared by consumer and
 * provider on every transport, and the error model ({@link io.axle.AxleException} with a
 * {@link io.axle.Status}).
 */
package io.axle;
