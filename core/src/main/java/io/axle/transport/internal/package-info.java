/**
 * What the built-in transports share that reads a Vert.x implementation class, kept out of the transport SPI
 * ({@code io.axle.transport}): {@code WireCounting}, which hands a Vert.x connection to
 * {@link io.axle.transport.WireBytes}. Not API: a transport of one's own reads its connections itself.
 */
package io.axle.transport.internal;
