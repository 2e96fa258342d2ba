/**
 * Governance policies from {@code microservice.yaml} (docs/governance.md): on the consumer, a
 * circuit breaker, a rate limit and a bulkhead per operation (Resilience4j); on the provider, a
 * rate limit, a bulkhead and an adaptive concurrency limit (Netflix concurrency-limits) checked
 * before a call is queued. On the class path, {@link io.axle.governance.GovernancePolicies} is
 * found through {@link io.axle.policy.PolicyFactory}; nothing is added to an operation whose
 * configuration asks for nothing.
 */
package io.axle.governance;
