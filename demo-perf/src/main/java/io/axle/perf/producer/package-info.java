/**
 * The producer side of perf.jar: the {@link io.axle.perf.PerfService} implementation and the runtime
 * that serves it (service {@code perf1}), so that the consumer has something realistic to measure.
 */
package io.axle.perf.producer;
