/**
 * The raw baseline the perf demo measures Axle against: a Vert.x TCP echo of length-prefixed frames and a
 * Vert.x HTTP echo, served by the producer next to Axle's transports, and the clients the consumer drives
 * them with through its usual load engine ({@code --baseline}, {@code --baseline-rest}). Nothing of the
 * chassis is on their path (no runtime, filters, codecs, executors), so the gap between a run of Axle and a
 * run of its baseline in the same conditions is what Axle costs.
 */
package io.axle.perf.baseline;
