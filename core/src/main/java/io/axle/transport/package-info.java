/**
 * The transport SPI. A transport carries invocations between processes: on the consumer side it
 * sends an encoded {@link io.axle.transport.Attempt} to an endpoint and completes a future with the
 * decoded {@link io.axle.Response}; on the provider side it reads requests on event loops and
 * hands each to {@link io.axle.transport.ProviderOperation#serve}, which applies the threading
 * contract (docs/threading.md) the same way for every transport. Transports are found with
 * {@link java.util.ServiceLoader} and never depend on each other.
 */
package io.axle.transport;
