/**
 * The runtime's machinery; not API: it changes without notice. {@code AxleRuntime} starts, serves and
 * stops a runtime from the builder's {@code RuntimeSpec}. Consumer side: {@code ReferenceProxy},
 * {@code ConsumerOperation}, the retry and hedge links ({@code RetryPolicy}, {@code HedgePolicy},
 * {@code RetryBudget}, {@code LatencyWindow}) and {@code EndpointSelection} with {@code EndpointStates}
 * and {@code LoadBalancers}. Provider side: {@code ServedOperation}, {@code SchemaTransports},
 * {@code MethodInvoker} and {@code ConstantInvoker}, {@code LoopBursts}, {@code FaultInjection} and
 * {@code ExecutorRegistry}. Shared: {@code FilterChains}, {@code Listeners}, {@code Registries},
 * {@code SelfRegistration}, {@code Failures}, {@code Refusals}, {@code LogGate} and {@code Primitives}.
 * Contracts' data types: {@code io.axle.internal.types}.
 */
package io.axle.internal;
