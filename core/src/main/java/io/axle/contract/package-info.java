/**
 * Contracts: the operations of a schema, read once from a plain Java interface. Each transport
 * derives its own encoding from these (protostuff fields for highway, paths and JSON for REST),
 * so that the interface alone defines what crosses the wire.
 */
package io.axle.contract;
