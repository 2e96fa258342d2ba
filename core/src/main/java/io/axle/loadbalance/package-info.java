/**
 * Client load balancing: the {@link io.axle.loadbalance.LoadBalancer} the endpoint-selection link
 * of the consumer chain asks for each call's instance. The built-in strategies live in
 * {@code io.axle.loadbalance.internal}; {@code axle.loadbalance.strategy} picks one per service,
 * schema or operation, or names one registered with {@code Axle.Builder#loadBalancer}.
 */
package io.axle.loadbalance;
