/**
 * The runtime's machinery; not API: it changes without notice. {@code AxleRuntime} starts, serves and
 * stops a runtime from the builder's {@code RuntimeSpec}. Each call's record is an {@code Invocation},
 * which only this package makes. The chains are assembled in one place per side ({@code ConsumerChains},
 * {@code ProviderChains}, as {@code ChainLink}s) and linked by {@code FilterChains} into an
 * {@code InvocationChain} of the user's filters and the runtime's own {@code RuntimeLink}s; a
 * {@code LinkObserver} lets tests see the links a call enters. Consumer side: {@code ReferenceProxy},
 * {@code ConsumerOperation}, the retry and hedge links ({@code RetryPolicy}, {@code HedgePolicy},
 * {@code RetryBudget}, {@code LatencyWindow}) and {@code EndpointSelection} with {@code EndpointStates}
 * and {@code LoadBalancers}. Provider side: {@code ServedOperation}, {@code SchemaTransports},
 * {@code MethodInvoker} and {@code ConstantInvoker}, {@code LoopBursts}, {@code FaultInjection} and
 * {@code ExecutorRegistry}. Shared: {@code ContractCheck}, {@code Listeners}, {@code Registries},
 * {@code SelfRegistration}, {@code Failures}, {@code Refusals}, {@code LogGate} and {@code Primitives}.
 */
package io.axle.internal;
