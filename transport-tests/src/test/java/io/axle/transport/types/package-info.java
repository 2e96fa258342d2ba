/**
 * One contract, two transports: a rich test contract ({@link io.axle.transport.types.TypesApi}) and
 * declared errors ({@link io.axle.transport.types.ErrorsApi}) round-tripped over highway and REST
 * with seeded random values, and the live OpenAPI document checked against real answers, a
 * generated client and a linter.
 */
package io.axle.transport.types;
