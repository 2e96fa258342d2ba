/**
 * Highway: Axle's binary RPC transport over Vert.x NetServer/NetClient (Netty), with protostuff
 * bodies. The wire format is specified in docs/protocol.md; the transport is found on the class
 * path through {@link io.axle.highway.HighwayTransportFactory}.
 */
package io.axle.highway;
