/**
 * {@code --loopback}: the one-command demo. A producer runs as a child process of the same java and
 * the same jar, and this process, a consumer application with the {@code loopback} profile, drives it, so
 * producer and consumer do not share a heap, a GC or thread pools and the numbers stay honest.
 */
package io.axle.perf.loopback;
