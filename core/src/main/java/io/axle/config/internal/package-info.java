/**
 * How {@link io.axle.config.AxleConfig} is put together: reading and flattening YAML, mapping
 * environment variables and command-line arguments, the {@code servicecomb.} alias, value parsing,
 * validation and the wording of problems. Public only so that {@code io.axle.config} can use it; not an
 * API, and free to change.
 */
package io.axle.config.internal;
