/**
 * Axle's configuration: one immutable {@link io.axle.config.AxleConfig} merged from
 * {@code microservice.yaml} (classpath, then working directory), environment variables, system
 * properties and {@code --key=value} arguments, later sources winning.
 *
 * <p>Every module declares the keys it reads as {@link io.axle.config.ConfigKey}s and publishes them
 * through a {@link io.axle.config.ConfigKeyProvider}, so that a typo or a bad value is reported once,
 * at startup, with where it came from and what was expected, instead of surfacing later as a
 * mysterious runtime failure.
 */
package io.axle.config;
