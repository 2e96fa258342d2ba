/**
 * Where services live. A {@link io.axle.registry.Registry} answers with a live list of a
 * service's endpoints that may change while the runtime runs, so that a registry with watches
 * (ZooKeeper, later) plugs in without touching the transports.
 */
package io.axle.registry;
