/**
 * The policy SPI: per-operation governance from configuration (circuit breakers, rate limits,
 * bulkheads, adaptive limits) that a module adds to the chains without the runtime knowing it. A
 * {@link io.axle.policy.PolicyFactory} is found with {@link java.util.ServiceLoader}; its keys, declared
 * through {@link io.axle.config.ConfigKeyProvider}, are validated with the runtime's; what it returns for an operation is resolved once, when a reference
 * is made or a provider is served, and printed at start-up.
 */
package io.axle.policy;
