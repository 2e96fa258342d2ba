/**
 * Test fixtures shared with the transport modules through core's test-jar: a sample schema that
 * exercises every kind of operation, and helpers that start real runtimes on loopback.
 */
package io.axle.testing;
