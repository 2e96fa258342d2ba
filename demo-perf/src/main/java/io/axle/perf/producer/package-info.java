/**
 * The producer side of perf.jar: the {@link io.axle.perf.PerfService} implementation, an
 * {@code @RpcSchema} bean of the {@code producer} profile that the starter serves as service
 * {@code perf1}, and the handle of the running application, so that the consumer has something realistic
 * to measure.
 */
package io.axle.perf.producer;
