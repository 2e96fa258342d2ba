/**
 * JMH micro-benchmarks of what the chassis spends per call, each class one concern, each on the real
 * Axle classes (no mocks): the filter chain, the executor hand-off, the metrics hot path; the frame codec
 * sits in {@code io.axle.highway.internal} to reach the decoder as the transport calls it. Run them with
 * {@code java -jar benchmarks/target/benchmarks.jar} (benchmarks/README.md); the results are in
 * docs/performance.md.
 */
package io.axle.benchmarks;
