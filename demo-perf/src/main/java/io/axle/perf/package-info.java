/**
 * perf.jar: the load-testing demo of the ServiceComb tuning article, rebuilt on Axle as a Spring Boot
 * application that uses the starter as any service team would. {@link io.axle.perf.PerfMain} picks the
 * {@link io.axle.perf.Role} from the command line (producer by default, {@code -c} for the consumer,
 * {@code --loopback} for both in two processes) and runs {@link io.axle.perf.PerfApplication} with that
 * role's profiles; {@link io.axle.perf.PerfService} is the contract between them and
 * {@link io.axle.perf.PerfKeys} the demo's own configuration keys, read by {@link io.axle.perf.PerfConfig}.
 *
 * <p>The package is split: the contract, the keys, the roles and the output live in the load tool
 * ({@code load/}, {@code axle-load}), which has no Spring; this module adds the Boot application. The
 * {@code consumer} package is split the same way: the drivers are the load tool's, and the beans that
 * wire them into a Spring run ({@code ConsumerRunner}, {@code PerfReferences}, {@code SingleRun}) are
 * here.
 */
package io.axle.perf;
