/**
 * TLS for every transport of a runtime: the {@code axle.tls.*} keys ({@link io.axle.transport.tls.TlsKeys}), the
 * options a transport sets on its server and client and the reload of changed certificate files
 * ({@link io.axle.transport.tls.Tls}), and what a failed handshake means ({@link io.axle.transport.tls.TlsFailures}).
 * Part of the transport SPI; docs/security.md is the user's guide.
 */
package io.axle.transport.tls;
