/**
 * perf.jar: the load-testing demo of the ServiceComb tuning article, rebuilt on Axle. {@link
 * io.axle.perf.PerfMain} picks the role from the command line (producer by default, {@code -c} for the
 * consumer, {@code --loopback} for both in two processes); {@link io.axle.perf.PerfService} is the
 * contract between them and {@link io.axle.perf.PerfKeys} the demo's own configuration keys.
 */
package io.axle.perf;
