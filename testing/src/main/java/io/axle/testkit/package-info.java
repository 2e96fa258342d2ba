/**
 * Test fixtures for services built on Axle (artifact {@code axle-testing}): {@link
 * io.axle.testkit.TestProvider} starts a real provider on an ephemeral loopback port and gives the
 * registry entry and consumer configuration that reach it, so a test calls it over the real wire.
 */
package io.axle.testkit;
