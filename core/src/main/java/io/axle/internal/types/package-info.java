/**
 * The value types a contract may use, read once from Java reflection into a {@link
 * io.axle.internal.types.DataType} graph that both transports share: highway encodes from it,
 * REST checks its JSON mapping against it, and start-up refuses what neither can carry with a
 * message naming the operation, the parameter, the path inside the type and the fix. Not API.
 */
package io.axle.internal.types;
